import { MessageId } from "@moos/contract";
import { runHooks } from "../../hooks/hook-executor.ts";
import type { Ctx } from "../../http/context.ts";
import { redirect, sendJson } from "../../http/respond.ts";
import type { Identity } from "../../identity/identity.ts";
import { reportSettingsChanges } from "../../security/settings-changes.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import { flowJson, respondWithFlow } from "../flow-answer.ts";
import { uiUrl } from "../new-flow.ts";
import { requirePrivilegedSession } from "./settings-session.ts";
import type { SettingsStrategy } from "./strategy.ts";
import { settingsFormNodes } from "./ui.ts";

// The three ends of a settings submit (docs/protocol.md#settings-outcomes): a fresh attempt clears the
// previous one's messages, a rejected one answers 400 with the flow, a saved one answers 200
// with the flow in state success (browsers: 303 to return_to or the settings UI).

export function beginSettingsAttempt(flow: Flow, method: SettingsStrategy["method"]): void {
  resetMessages(flow.payload.ui);
  flow.payload.active = method;
  flow.state = "show_form";
  delete flow.payload.continue_with;
}

/**
 * A fresh attempt at a change to how the account is entered (password, second factors,
 * passkeys): it needs a privileged session (a FlowError otherwise). Returns a copy of the
 * identity to change.
 */
export function beginPrivilegedSettingsAttempt(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  method: SettingsStrategy["method"],
): Identity {
  beginSettingsAttempt(flow, method);
  requirePrivilegedSession(ctx, flow, active);
  return structuredClone(active.identity);
}

export async function rejectSettings(ctx: Ctx, flow: Flow): Promise<void> {
  flow.state = "show_form";
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow, 400);
}

/**
 * A step that is not a saved change (backup codes generated or revealed): the flow answers 200
 * in state show_form with its new nodes; browsers go back to the settings UI.
 */
export async function showSettingsForm(ctx: Ctx, flow: Flow): Promise<void> {
  flow.state = "show_form";
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow);
}

export function settingsReturnUrl(ctx: Ctx, flow: Flow): string {
  return (
    flow.payload.return_to ??
    ctx.deps.config.selfservice.flows.settings.after.default_browser_return_url ??
    uiUrl(ctx.deps, "settings", flow.id)
  );
}

/**
 * A saved change: state success with 1050001 (or the given messages, e.g. 1905003 when a new
 * email address is confirmed), the form rebuilt from the saved identity, and the security
 * events of what changed told (security/settings-changes.ts).
 */
export async function completeSettings(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  continueWith: Record<string, unknown>[] = [],
  messages: readonly UiText[] = [uiText(MessageId.changesSaved)],
): Promise<void> {
  await reportSettingsChanges(ctx, flow, identity);
  flow.state = "success";
  flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, identity);
  resetMessages(flow.payload.ui);
  for (const message of messages) addFlowMessage(flow.payload.ui, message);
  const target = settingsReturnUrl(ctx, flow);
  const all = [
    ...continueWith,
    ...(flow.type === "browser"
      ? [{ action: "redirect_browser_to", redirect_browser_to: target }]
      : []),
  ];
  if (all.length > 0) flow.payload.continue_with = all;
  await ctx.deps.persistence.flows.updateFlow(flow);
  await runHooks(ctx, "settings", { identity, method: flow.payload.active ?? "" });
  if (flow.type === "browser" && !ctx.json) return redirect(ctx.reply, target);
  sendJson(ctx.reply, 200, await flowJson(ctx, flow));
}
