import type { Deps } from "../../deps/deps.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { Flow } from "../flow.ts";

// What a sign-up method gives the registration flow (Kratos's registration.Strategy). The
// flow keeps the profile_first steps (traits, then the method) for itself; every `method`
// submit goes to the strategy that claims it. strategies/<type>/registration.ts implement it,
// registry.ts lists them.

export interface RegistrationStrategy {
  /** Kratos's method id: the submit's `method`, the flow's `active`, the session's amr. */
  readonly method: string;
  isEnabled(deps: Deps): boolean;
  /** Whether a submit is this method's: its `method`, or a field only its form posts. */
  isSubmit(body: Body): boolean;
  /**
   * The method's own nodes where a credential is chosen: the credential choice of profile_first
   * (after the profile step) and the one form of the unified style (Kratos's
   * PopulateRegistrationMethodCredentials / PopulateRegistrationMethod), as passkey sign-up adds
   * its button and challenge. Building them may start a ceremony, kept in `flow.internal`.
   * Traits, password, code button and social buttons are part of the registration form itself
   * (ui.ts).
   */
  formNodes?(ctx: Ctx, flow: Flow, traits: Record<string, unknown>): Promise<UiNode[]>;
  /**
   * Runs the submit and answers it. A new account is stored with storeRegistration and
   * answered with completeWithSession (hooks/complete-with-session.ts); addresses to verify
   * get a flow from startVerificationForAddress (flows/verification).
   */
  submit(ctx: Ctx, flow: Flow, body: Body): Promise<void>;
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
