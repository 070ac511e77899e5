import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { VerificationEmail, VerificationStrategy } from "../../flows/verification/strategy.ts";
import {
  completeVerification,
  createVerificationFlow,
} from "../../flows/verification/verification-flow.ts";
import type { Ctx } from "../../http/context.ts";
import { respondWithFlow } from "../../http/respond.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { addFlowMessage, resetMessages, setInputValue } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { codeStepNodes, emailStepNodes } from "./code-nodes.ts";
import { findMatchingCode, hashCode, newCode } from "./one-time-code.ts";

// Verification by email code (`selfservice.flows.verification.use: code`, docs/protocol.md#verification-outcomes):
// six digits in the email, also as a link that opens the flow with the code filled in.

export const codeVerification: VerificationStrategy = {
  method: "code",
  emailNodes: (csrfToken, email) => emailStepNodes(csrfToken, email),
  sentForm: (csrfToken, address) => ({
    nodes: codeStepNodes(csrfToken, address, {
      codeLabel: MessageId.verificationCode,
      methodFirst: true,
    }),
    message: uiText(MessageId.verificationCodeSent),
  }),
  send: sendVerificationCode,
  checkCode: submitCode,
};

/**
 * Writes a new code for the flow and its email into the outbox, in the caller's transaction,
 * and marks the address as sent. The code is only ever in the email, never in the database.
 */
async function sendVerificationCode(
  ctx: Ctx,
  tx: Persistence,
  { flow, identity, address, locale }: VerificationEmail,
): Promise<void> {
  const { deps } = ctx;
  const code = newCode();
  const lifespan = deps.config.selfservice.methods.code.config.lifespan;
  await tx.codes.createCode({
    id: crypto.randomUUID(),
    flow_id: flow.id,
    kind: "verification",
    code_hash: hashCode(code, deps.config.secrets.default[0]!),
    address,
    identity_id: identity.id,
    used_at: null,
    expires_at: new Date(deps.now().getTime() + lifespan),
  });
  const link = new URL("self-service/verification", deps.config.serve.public.base_url);
  link.searchParams.set("flow", flow.id);
  link.searchParams.set("code", code);
  await enqueueEmail(tx, {
    templateType: "verification_code_valid",
    to: address,
    locale,
    model: { code, expiresInMinutes: Math.round(lifespan / 60_000), url: link.toString() },
  });
  const verifiable = identity.verifiable_addresses.find((a) => a.value === address);
  if (verifiable && verifiable.status === "pending") {
    verifiable.status = "sent";
    verifiable.updated_at = deps.now();
    await tx.identities.updateIdentity(identity);
  }
}

async function submitCode(ctx: Ctx, flow: Flow, code: string): Promise<void> {
  const { deps } = ctx;
  const max = deps.config.selfservice.methods.code.config.max_submissions;
  resetMessages(flow.payload.ui);
  if (flow.state !== "sent_email" || (flow.internal.tries ?? 0) >= max) return restart(ctx, flow);
  const codes = await deps.persistence.codes.activeCodesOfFlow(flow.id, deps.now());
  const match = findMatchingCode(codes, code.trim(), deps.config.secrets.default[0]!);
  if (!match || !(await completeVerification(ctx, flow, match))) {
    flow.internal.tries = (flow.internal.tries ?? 0) + 1;
    addFlowMessage(flow.payload.ui, uiText(MessageId.invalidVerificationCode));
    setInputValue(flow.payload.ui, "code", undefined);
    await deps.persistence.flows.updateFlow(flow);
    return respondWithFlow(ctx, flow, 200);
  }
  await respondWithFlow(ctx, flow, 200);
}

/** Too many wrong codes: this flow is spent; a new one starts with the reason. */
async function restart(ctx: Ctx, flow: Flow): Promise<void> {
  const fresh = createVerificationFlow(ctx, flow.type, flow.payload.return_to);
  addFlowMessage(
    fresh.payload.ui,
    uiText(MessageId.errorWithReason, {
      reason: "The verification code was entered wrong too often. Please request a new code.",
    }),
  );
  await ctx.deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(flow.id, ctx.deps.now());
    await tx.flows.createFlow(fresh);
  });
  await respondWithFlow(ctx, fresh, 200);
}
