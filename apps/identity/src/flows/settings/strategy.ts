import type { Deps } from "../../deps/deps.ts";
import type { Locale } from "../../hooks/locale.ts";
import type { Body } from "../../http/body.ts";
import type { BodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { UiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import type { FlowMessage, Redirect } from "../verdict.ts";

// What a way to change the account gives the settings flow (Kratos's settings.Strategy):
// profile, password, social links, second factors, passkeys. The flow checks the session
// (settings-session.ts) and starts the attempt before a submit reaches a strategy; the
// strategy says what happened and the flow (submit-method.ts) answers with outcome.ts.
// strategies/<type>/settings.ts implement it, registry.ts lists them.

/** What a settings submit came to. */
export type SettingsVerdict =
  /**
   * The change is stored (the method wrote `identity`): the flow shows it saved (1050001, or
   * `messages`), tells the security events and runs the settings hooks.
   */
  | {
      result: "saved";
      identity: Identity;
      continueWith?: Record<string, unknown>[];
      messages?: readonly UiText[];
    }
  /**
   * The flow stores `identity` (a profile change), and for each new address to `verify` a
   * verification flow with its email, in one transaction; `ifTaken` answers when the unique
   * index finds an address taken meanwhile.
   */
  | {
      result: "store";
      identity: Identity;
      verify: readonly string[];
      locale: Locale;
      ifTaken(): Promise<SettingsVerdict>;
    }
  /** Refused: the messages go on the form, which the method has left as shown next; 400. */
  | { result: "refused"; messages: readonly FlowMessage[] }
  /** A step that stores no change yet (new backup codes shown, a code on its way): 200. */
  | { result: "form"; messages: readonly FlowMessage[] }
  /** The browser goes on (to the provider a social profile is linked at). */
  | Redirect;

export interface SettingsStrategy<Parsed = unknown> {
  /** Kratos's method id: the submit's `method`, the flow's `active`. */
  readonly method: string;
  isEnabled(deps: Deps): boolean;
  /** Whether a submit is this method's: its `method`, or one of its named submits. */
  isSubmit(body: Body): boolean;
  /** The method's body (Kratos's updateSettingsFlowWith<Method>Method), parsed once. */
  readonly body: BodySchema<Parsed>;
  /**
   * Every submit changes how the account is entered (password, second factors, passkeys,
   * social links), so the flow asks for a privileged session first (settings-session.ts).
   */
  readonly privileged: boolean;
  /**
   * The method's part of the settings form (no csrf_token), after the profile, password and
   * social groups the flow renders itself (ui.ts). May keep per-flow state (a pending key,
   * a challenge) in `flow.internal`; the caller persists the flow.
   */
  formNodes?(ctx: RequestCtx, flow: Flow, identity: Identity): Promise<UiNode[]>;
  /**
   * Runs a submit of the signed-in session's identity and says what happened. The method
   * stores what it changes on the identity (and the session); it may change the flow it is
   * given, never saves it and never answers.
   */
  submit(
    ctx: RequestCtx,
    flow: Flow,
    active: ActiveSession,
    body: Parsed,
  ): Promise<SettingsVerdict>;
}

declare module "../../deps/deps.ts" {
  interface Strategies {
    /** Ways to change the account, in the order a submit is offered to them and their nodes appear. */
    settings: readonly SettingsStrategy[];
  }
}
