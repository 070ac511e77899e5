import { MessageId } from "@moos/contract";
import { runHooks } from "../../hooks/hook-executor.ts";
import { type Answer, jsonAnswer, redirectAnswer } from "../../http/answer.ts";
import type { Ctx, RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { isUniqueViolation } from "../../persistence/errors.ts";
import { reportSettingsChanges } from "../../security/settings-changes.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import { answerRedirect, answerWithFlow, flowJson } from "../flow-answer.ts";
import { uiUrl } from "../new-flow.ts";
import { putMessages } from "../verdict.ts";
import { startVerificationForAddress } from "../verification/verification-flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "./strategy.ts";
import { settingsFormNodes } from "./ui.ts";

// The ends of a settings submit (docs/protocol.md#settings-outcomes): a fresh attempt clears the
// previous one's messages, a rejected one answers 400 with the flow, a step answers 200 with
// the flow in show_form, a saved one answers 200 with the flow in state success (browsers: 303
// to return_to or the settings UI). Each saves the flow once.

export function beginSettingsAttempt(flow: Flow, method: SettingsStrategy["method"]): void {
  resetMessages(flow.payload.ui);
  flow.payload.active = method;
  flow.state = "show_form";
  delete flow.payload.continue_with;
}

/** Saves the flow as the verdict leaves it and answers, once. */
export async function answerSettingsVerdict(
  ctx: Ctx,
  flow: Flow,
  verdict: SettingsVerdict,
): Promise<Answer> {
  switch (verdict.result) {
    case "saved":
      return completeSettings(ctx, flow, verdict.identity, verdict.continueWith, verdict.messages);
    case "store": {
      const continueWith = await storeIdentity(ctx, flow, verdict);
      if (!continueWith) return answerSettingsVerdict(ctx, flow, await verdict.ifTaken());
      return completeSettings(ctx, flow, verdict.identity, continueWith);
    }
    case "refused":
      putMessages(flow.payload.ui, verdict.messages);
      return rejectSettings(ctx, flow);
    case "form":
      putMessages(flow.payload.ui, verdict.messages);
      return showSettingsForm(ctx, flow);
    case "redirect":
      return answerRedirect(ctx, flow, verdict);
  }
}

/**
 * The changed identity and a verification flow (emailed) for each new address, in one
 * transaction; continue_with points at them. Undefined when an address was taken meanwhile.
 */
async function storeIdentity(
  ctx: Ctx,
  flow: Flow,
  change: SettingsVerdict & { result: "store" },
): Promise<Record<string, unknown>[] | undefined> {
  const { deps } = ctx;
  const continueWith: Record<string, unknown>[] = [];
  try {
    await deps.persistence.transaction(async (tx) => {
      await tx.identities.updateIdentity(change.identity);
      for (const address of change.verify) {
        const verification = await startVerificationForAddress(ctx, tx, {
          type: flow.type,
          identity: change.identity,
          address,
          returnTo: flow.payload.return_to,
          locale: change.locale,
        });
        continueWith.push({
          action: "show_verification_ui",
          flow: {
            id: verification.id,
            verifiable_address: address,
            ...(flow.type === "browser"
              ? { url: uiUrl(deps, "verification", verification.id) }
              : {}),
          },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  return continueWith;
}

export async function rejectSettings(ctx: Ctx, flow: Flow): Promise<Answer> {
  flow.state = "show_form";
  await ctx.deps.persistence.flows.updateFlow(flow);
  return answerWithFlow(ctx, flow, 400);
}

/**
 * A step that is not a saved change (backup codes generated or revealed): the flow answers 200
 * in state show_form with its new nodes; browsers go back to the settings UI.
 */
async function showSettingsForm(ctx: Ctx, flow: Flow): Promise<Answer> {
  flow.state = "show_form";
  await ctx.deps.persistence.flows.updateFlow(flow);
  return answerWithFlow(ctx, flow);
}

export function settingsReturnUrl(ctx: RequestCtx, flow: Flow): string {
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
): Promise<Answer> {
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
  if (flow.type === "browser" && !ctx.json) return redirectAnswer(target);
  return jsonAnswer(200, await flowJson(ctx, flow));
}
