import type { Deps } from "../../deps/deps.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { SecondFactor } from "../../session/aal.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";

// What a sign-in method gives the login flow (Kratos's login.Strategy). The flow knows only
// these interfaces; strategies/<type>/login.ts implement them and registry.ts lists them in
// `deps.strategies`, the one place that knows both.

/** A first factor: password, email code, passkey, social sign-in. */
export interface LoginStrategy {
  /** Kratos's method id: the submit's `method`, the flow's `active`, the session's amr. */
  readonly method: string;
  isEnabled(deps: Deps): boolean;
  /** Whether a submit is this method's: its `method`, or a field only its form posts. */
  isSubmit(body: Body): boolean;
  /**
   * Adds the method's own nodes to a login flow being created, before it is stored (the
   * passkey button and its challenge). Identifier, password, code button and social buttons
   * are part of the login form itself (ui.ts).
   */
  populate?(ctx: Ctx, flow: Flow): Promise<void>;
  /**
   * Runs the submit and answers it: on success through issueLoginSession and completeLogin
   * (complete-login.ts), otherwise with the flow and its messages.
   */
  submit(ctx: Ctx, flow: Flow, body: Body): Promise<void>;
}

/** A second factor's verdict on a login aal2 submit: verified, or the message to show. */
export type SecondFactorCheck =
  | { ok: true }
  | { ok: false; message: UiText; field?: string | undefined };

/**
 * A second factor in the login flow's aal2 step (totp, lookup_secret, webauthn). The step
 * throttles attempts, raises the session to aal2 and answers; the strategy only checks.
 */
export interface SecondFactorLoginStrategy extends SecondFactor {
  /** Whether an aal2 submit is this factor's (its `method`, or a field only it posts). */
  isSubmit(body: Body): boolean;
  /**
   * The step's nodes for an identity that has this factor (no csrf_token: the flow adds it).
   * May keep per-flow state (a challenge) in `flow.internal`; the caller persists the flow.
   */
  loginNodes(ctx: Ctx, flow: Flow, identity: Identity): Promise<UiNode[]>;
  /** Checks the submit; persists what using the factor changes (a backup code spent). */
  verifyLogin(ctx: Ctx, flow: Flow, identity: Identity, body: Body): Promise<SecondFactorCheck>;
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
