import type { Deps } from "../../deps/deps.ts";
import type { Body } from "../../http/body.ts";
import type { BodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { SecondFactor } from "../../session/aal.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import type { SocialOutcome, Via } from "../social/strategy.ts";
import type { FlowMessage, Redirect } from "../verdict.ts";

// What a sign-in method gives the login flow (Kratos's login.Strategy). The flow knows only
// these interfaces; strategies/<type>/login.ts implement them and registry.ts lists them in
// `deps.strategies`, the one place that knows both. A method says what happened (a verdict);
// the flow (first-factor-step.ts, second-factor-step.ts) throttles, puts the messages on the
// form, saves the flow once and answers once.

/** The method the session records (Kratos's authentication_methods entry). */
export interface FirstFactor {
  method: string;
  /** The social sign-in provider's id, for method `oidc`. */
  provider?: string;
}

/** What a first factor's submit came to. */
export type LoginVerdict =
  /** The factor passed: the flow issues the session (or refreshes the signed-in one). */
  | {
      result: "signed_in";
      identity: Identity;
      factor: FirstFactor;
      /** The request is a browser navigation (a provider's callback): see completeWithSession. */
      inBrowser?: boolean;
    }
  /**
   * Refused: the messages go on the form, which the method has left as the customer sees it
   * next. `wrongCredentials` counts a failure against the throttle key.
   */
  | { result: "refused"; messages: readonly FlowMessage[]; wrongCredentials?: boolean }
  /**
   * The method's next step is on the form (a code was sent): answered as Kratos answers a
   * step, 400 with the flow. `alsoInTransaction` writes what must land with the flow.
   */
  | {
      result: "next_step";
      messages: readonly FlowMessage[];
      alsoInTransaction?: (tx: Persistence) => Promise<void>;
    }
  /** The browser goes on (to the provider, or to the login UI for a fresh ceremony). */
  | Redirect
  /** Social sign-in's outcome (flows/social/answer-social.ts answers it). */
  | { result: "social"; outcome: SocialOutcome; via: Via };

/** A first factor: password, email code, passkey, social sign-in. */
export interface LoginStrategy<Parsed = unknown> {
  /** Kratos's method id: the submit's `method`, the flow's `active`, the session's amr. */
  readonly method: string;
  isEnabled(deps: Deps): boolean;
  /** Whether a submit is this method's: its `method`, or a field only its form posts. */
  isSubmit(body: Body): boolean;
  /** The method's body (Kratos's updateLoginFlowWith<Method>Method), parsed once by the flow. */
  readonly body: BodySchema<Parsed>;
  /**
   * Adds the method's own nodes to a login flow being created, before it is stored (the
   * passkey button and its challenge). Identifier, password, code button and social buttons
   * are part of the login form itself (ui.ts).
   */
  populate?(ctx: RequestCtx, flow: Flow): Promise<void>;
  /**
   * The identifier whose failed sign-ins the login throttle counts (limits/login-throttle.ts),
   * when the submit names one; the flow throttles before the submit and counts afterwards.
   */
  throttleKey?(body: Parsed): string | undefined;
  /**
   * Checks the submit and says what happened. The method may change the flow it is given (its
   * nodes, `internal`); it never saves it and never answers.
   */
  submit(ctx: RequestCtx, flow: Flow, body: Parsed): Promise<LoginVerdict>;
}

/** A second factor's verdict on a login aal2 submit: verified, or the message to show. */
export type SecondFactorCheck =
  | { ok: true }
  | { ok: false; message: UiText; field?: string | undefined };

/**
 * A second factor in the login flow's aal2 step (totp, lookup_secret, webauthn). The step
 * throttles attempts, raises the session to aal2 and answers; the strategy only checks.
 */
export interface SecondFactorLoginStrategy<Parsed = unknown> extends SecondFactor {
  /** Whether an aal2 submit is this factor's (its `method`, or a field only it posts). */
  isSubmit(body: Body): boolean;
  /** The factor's body (Kratos's updateLoginFlowWith<Method>Method), parsed once by the step. */
  readonly body: BodySchema<Parsed>;
  /**
   * The step's nodes for an identity that has this factor (no csrf_token: the flow adds it).
   * May keep per-flow state (a challenge) in `flow.internal`; the caller persists the flow.
   */
  loginNodes(ctx: RequestCtx, flow: Flow, identity: Identity): Promise<UiNode[]>;
  /** Checks the submit; persists what using the factor changes (a backup code spent). */
  verifyLogin(
    ctx: RequestCtx,
    flow: Flow,
    identity: Identity,
    body: Parsed,
  ): Promise<SecondFactorCheck>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** First factors, in the order a submit is offered to them. */
    login: readonly LoginStrategy[];
    /** Second factors of the aal2 step, in the order their nodes appear. */
    loginSecondFactors: readonly SecondFactorLoginStrategy[];
  }
}

/** The enabled first factor named `method`, if any (the login form shows its button). */
export function enabledLoginMethod(deps: Deps, method: string): LoginStrategy | undefined {
  return deps.strategies.login.find((s) => s.method === method && s.isEnabled(deps));
}
