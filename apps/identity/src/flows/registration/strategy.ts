import type { Deps } from "../../deps/deps.ts";
import type { Locale } from "../../hooks/locale.ts";
import type { RegistrationHookInput } from "../../hooks/registration-hooks.ts";
import type { Body } from "../../http/body.ts";
import type { BodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { Flow } from "../flow.ts";
import type { SocialOutcome, Via } from "../social/strategy.ts";
import type { FlowMessage } from "../verdict.ts";

// What a sign-up method gives the registration flow (Kratos's registration.Strategy). The
// flow keeps the profile_first steps (traits, then the method) for itself; every `method`
// submit goes to the strategy that claims it. strategies/<type>/registration.ts implement it,
// registry.ts lists them. A method says what happened; the flow (submit-method.ts) stores a
// new account, puts the messages on the form, saves the flow once and answers once.

/** A new account, ready to be stored. */
export interface SignUp {
  result: "sign_up";
  identity: Identity;
  /** Whose `after` hooks run (`session`, `show_verification_ui`). */
  method: RegistrationHookInput["method"];
  /** What the new session records as its first factor. */
  sessionMethod: RegistrationHookInput["sessionMethod"];
  /**
   * Addresses still to verify: each gets a verification flow, and its email, in the
   * transaction that stores the account (Kratos's implicit verification hook).
   */
  verify: readonly string[];
  /** The language of those emails. */
  locale: Locale;
  /**
   * Whether the verification UI's URL goes into continue_with for apps too (an API flow);
   * social sign-up leaves it out, as an app shows the verification itself.
   */
  verificationUrlForApps: boolean;
  /** The request is a browser navigation (a provider's callback): see completeWithSession. */
  inBrowser?: boolean;
  /** What to answer when another sign-up took the address first (the unique index decides). */
  ifTaken(): Promise<RegistrationVerdict>;
}

/** What a sign-up method's submit came to. */
export type RegistrationVerdict =
  | SignUp
  /**
   * Refused: the messages go on the form, which the method has left as the customer sees it
   * next. `sortForm`: the form is sorted once the messages are on it, as Kratos's error handler
   * sorts it (a message may add a field).
   */
  | { result: "refused"; messages: readonly FlowMessage[]; sortForm?: boolean }
  /**
   * The method's next step is on the form (a code was sent): answered as Kratos answers a step,
   * 400 with the flow. `alsoInTransaction` writes what must land with the flow.
   */
  | {
      result: "next_step";
      messages: readonly FlowMessage[];
      alsoInTransaction?: (tx: Persistence) => Promise<void>;
    }
  /** Social sign-in's outcome (flows/social/answer-social.ts answers it). */
  | { result: "social"; outcome: SocialOutcome; via: Via };

export interface RegistrationStrategy<Parsed = unknown> {
  /** Kratos's method id: the submit's `method`, the flow's `active`, the session's amr. */
  readonly method: string;
  isEnabled(deps: Deps): boolean;
  /** Whether a submit is this method's: its `method`, or a field only its form posts. */
  isSubmit(body: Body): boolean;
  /** The method's body (Kratos's updateRegistrationFlowWith<Method>Method), parsed once. */
  readonly body: BodySchema<Parsed>;
  /**
   * The method's own nodes where a credential is chosen: the credential choice of profile_first
   * (after the profile step) and the one form of the unified style (Kratos's
   * PopulateRegistrationMethodCredentials / PopulateRegistrationMethod), as passkey sign-up adds
   * its button and challenge. Building them may start a ceremony, kept in `flow.internal`.
   * Traits, password, code button and social buttons are part of the registration form itself
   * (ui.ts).
   */
  formNodes?(ctx: RequestCtx, flow: Flow, traits: Record<string, unknown>): Promise<UiNode[]>;
  /**
   * Checks the submit and says what happened: a new account to store, a refusal, a next step.
   * The method may change the flow it is given; it never saves it and never answers.
   */
  submit(ctx: RequestCtx, flow: Flow, body: Parsed): Promise<RegistrationVerdict>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Sign-up methods, in the order a submit is offered to them. */
    registration: readonly RegistrationStrategy[];
  }
}

/** The enabled sign-up method named `method`, if any (the form shows its button). */
export function enabledRegistrationMethod(
  deps: Deps,
  method: string,
): RegistrationStrategy | undefined {
  return deps.strategies.registration.find((s) => s.method === method && s.isEnabled(deps));
}
