import { MessageId } from "@moos/contract";
import { type Answer, redirectAnswer } from "../http/answer.ts";
import type { Ctx } from "../http/context.ts";
import { addFlowMessage, inputAttributes, resetMessages, setInputValue } from "../ui/nodes.ts";
import { uiText } from "../ui/text.ts";
import type { Flow } from "./flow.ts";
import { answerWithFlow } from "./flow-answer.ts";
import { uiUrl } from "./new-flow.ts";

// A sign-in that reached its session on a locked account (session/account-lock.ts): the flow
// says so with 4901001, "contact our customer service", and nothing else changes. The browser
// of a social sign-in's callback goes to the flow's screen; every other request gets the flow.

export async function accountLockedAnswer(
  ctx: Ctx,
  flow: Flow,
  options: { navigation?: boolean } = {},
): Promise<Answer> {
  resetMessages(flow.payload.ui);
  addFlowMessage(flow.payload.ui, uiText(MessageId.accountLocked));
  // A secret typed into the form never comes back.
  for (const node of flow.payload.ui.nodes) {
    const input = inputAttributes(node);
    if (input?.type === "password") setInputValue(flow.payload.ui, input.name, undefined);
  }
  await ctx.deps.persistence.flows.updateFlow(flow);
  if (options.navigation) return redirectAnswer(uiUrl(ctx.deps, flow.kind, flow.id));
  return answerWithFlow(ctx, flow, 400);
}
