import { MessageId } from "@moos/contract";
import type { Body } from "../http/body.ts";
import { optionalString } from "../http/body.ts";
import type { Ctx } from "../http/context.ts";
import { respondWithFlow } from "../http/respond.ts";
import { normaliseIdentifier } from "../identity/identity.ts";
import { addFieldMessage, type UiNode } from "../ui/nodes.ts";
import { uiText } from "../ui/text.ts";
import type { Flow } from "./flow.ts";

/**
 * The address a recovery or verification email submit names (normalised, at most 320
 * characters). Undefined when it is missing or no email address: the flow then shows `form`
 * with the field message and the answer (400) is sent.
 */
export async function submittedEmail(
  ctx: Ctx,
  flow: Flow,
  body: Body,
  form: (email: string) => UiNode[],
): Promise<string | undefined> {
  const email = normaliseIdentifier(optionalString(body, "email") ?? "").slice(0, 320);
  if (email && /^[^\s@]+@[^\s@]+$/.test(email)) return email;
  flow.payload.ui.nodes = form(email);
  addFieldMessage(
    flow.payload.ui,
    "email",
    email
      ? uiText(MessageId.invalidEmail, { value: email })
      : uiText(MessageId.missingProperty, { property: "email" }),
  );
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow, 400);
  return undefined;
}
