import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { type FlowMessage, fieldMessage, formMessage } from "../../flows/verdict.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { CodeRecord } from "../../persistence/persistence.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import { findMatchingCode } from "./one-time-code.ts";

/** Too many wrong codes: Kratos's ErrCodeSubmittedTooOften, shown as 4000001 in the flow. */
const submittedTooOften = "The request was submitted too often. Please request another code.";

export interface AcceptedCode {
  code: CodeRecord;
  /** The account a sign-in code was sent for (sign-up codes have none yet). */
  identity: Identity | undefined;
}

/**
 * The code step of a passwordless sign-in or sign-up: a code was typed, the flow has tries
 * left (max_submissions, then its codes are void) and the code is one of the flow's active
 * codes of this kind, used here once. A sign-in code also needs its account to still exist.
 * Refused: the message to show; a wrong code counted as a try on the flow.
 */
export async function acceptSubmittedCode(
  ctx: RequestCtx,
  flow: Flow,
  typed: string | undefined,
  options: { kind: "login" | "registration"; wrongCode: UiText },
): Promise<AcceptedCode | { refused: FlowMessage }> {
  const { deps } = ctx;
  const submitted = typed?.trim() ?? "";
  if (!submitted) {
    const missing = uiText(MessageId.missingProperty, { property: "code" });
    return { refused: fieldMessage("code", missing) };
  }
  if ((flow.internal.tries ?? 0) >= deps.config.selfservice.methods.code.config.max_submissions) {
    await deps.persistence.codes.invalidateCodesOfFlow(flow.id, deps.now());
    const tooOften = uiText(MessageId.errorWithReason, { reason: submittedTooOften });
    return { refused: formMessage(tooOften) };
  }
  const codes = await deps.persistence.codes.activeCodesOfFlow(flow.id, deps.now());
  const match = findMatchingCode(
    codes.filter((c) => c.kind === options.kind),
    submitted,
    deps.config.secrets.default[0]!,
  );
  const identity = match?.identity_id
    ? await deps.persistence.identities.getIdentity(match.identity_id)
    : undefined;
  const hasOwner = options.kind === "registration" || identity !== undefined;
  if (!match || !hasOwner || !(await deps.persistence.codes.useCode(match.id, deps.now()))) {
    flow.internal.tries = (flow.internal.tries ?? 0) + 1;
    return { refused: formMessage(options.wrongCode) };
  }
  return { code: match, identity };
}
