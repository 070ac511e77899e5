import type { Deps } from "../../deps/deps.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { Flow } from "../flow.ts";

// What a way to change the account gives the settings flow (Kratos's settings.Strategy):
// profile, password, social links, second factors, passkeys. The flow checks the session
// (settings-session.ts) before a submit reaches a strategy; strategies answer through
// outcome.ts. strategies/<type>/settings.ts implement it, registry.ts lists them.

export interface SettingsStrategy {
  /** Kratos's method id: the submit's `method`, the flow's `active`. */
  readonly method: string;
  isEnabled(deps: Deps): boolean;
  /** Whether a submit is this method's: its `method`, or one of its named submits. */
  isSubmit(body: Body): boolean;
  /**
   * The method's part of the settings form (no csrf_token), after the profile, password and
   * social groups the flow renders itself (ui.ts). May keep per-flow state (a pending key,
   * a challenge) in `flow.internal`; the caller persists the flow.
   */
  formNodes?(ctx: Ctx, flow: Flow, identity: Identity): Promise<UiNode[]>;
  /**
   * Runs a submit of the signed-in session's identity and answers it with outcome.ts:
   * beginSettingsAttempt or beginPrivilegedSettingsAttempt first, then rejectSettings,
   * showSettingsForm or completeSettings.
   */
  submit(ctx: Ctx, flow: Flow, active: ActiveSession, body: Body): Promise<void>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Ways to change the account, in the order a submit is offered to them and their nodes appear. */
    settings: readonly SettingsStrategy[];
  }
}
