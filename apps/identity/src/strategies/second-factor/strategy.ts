import type { Flow } from "../../flows/flow.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Deps } from "../../http/deps.ts";
import type { Identity } from "../../identity/identity.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";

// A second factor (Kratos's AAL2 strategies: totp, lookup_secret, webauthn). The login flow's
// aal2 step and the settings flow know only this interface and the registry (registry.ts);
// each strategy folder implements it. Completing one marks the session aal2 (session/aal.ts).

export type SecondFactorMethod = "totp" | "lookup_secret" | "webauthn";

/** A login aal2 submit's outcome: verified, or the message to show (flow or field). */
export type SecondFactorCheck =
  | { ok: true }
  | { ok: false; message: UiText; field?: string | undefined };

export interface SecondFactorStrategy {
  /** The submit's `method`, the node group and the session's amr entry. */
  method: SecondFactorMethod;
  isEnabled(deps: Deps): boolean;
  /** The identity has this factor set up: it then counts for `highest_available`. */
  isConfigured(identity: Identity): boolean;
  /**
   * The login aal2 step's nodes for an identity that has this factor (no csrf_token: the
   * flow adds it). May keep per-flow state (a challenge) in `flow.internal`; the caller
   * persists the flow.
   */
  loginNodes(ctx: Ctx, flow: Flow, identity: Identity): Promise<UiNode[]>;
  /**
   * Checks a login aal2 submit whose `method` is this strategy's. Persists what using the
   * factor changes (a backup code marked used); the login flow upgrades the session.
   */
  verifyLogin(ctx: Ctx, flow: Flow, identity: Identity, body: Body): Promise<SecondFactorCheck>;
  /**
   * Whether a login aal2 submit without this `method` is still this strategy's (Kratos's
   * webauthn script posts only `webauthn_login`).
   */
  isLoginSubmit?(body: Body): boolean;
  /** The settings form's nodes (no csrf_token). May keep per-flow state in `flow.internal`. */
  settingsNodes(ctx: Ctx, flow: Flow, identity: Identity): Promise<UiNode[]>;
  /** Whether a settings submit is this strategy's (its `method`, or one of its named submits). */
  isSettingsSubmit(body: Body): boolean;
  /**
   * Runs a settings submit and answers it, with flows/settings/outcome.ts (reject, show the
   * form again, complete) and ensurePrivilegedSession.
   */
  submitSettings(ctx: Ctx, flow: Flow, active: ActiveSession, body: Body): Promise<void>;
}
