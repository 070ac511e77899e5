import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { formMessage } from "../../flows/verdict.ts";
import type {
  VerificationEmail,
  VerificationRefusal,
  VerificationStrategy,
  VerificationVerdict,
} from "../../flows/verification/strategy.ts";
import type { RequestCtx } from "../../http/context.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import type { Persistence } from "../../persistence/persistence.ts";
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
  ctx: RequestCtx,
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

async function submitCode(ctx: RequestCtx, flow: Flow, code: string): Promise<VerificationVerdict> {
  const { deps } = ctx;
  const max = deps.config.selfservice.methods.code.config.max_submissions;
  if (flow.state !== "sent_email" || (flow.internal.tries ?? 0) >= max) {
    // Too many wrong codes: this flow is spent; a new one starts with the reason.
    return {
      result: "restart",
      message: uiText(MessageId.errorWithReason, {
        reason: "The verification code was entered wrong too often. Please request a new code.",
      }),
      invalidateCodes: true,
    };
  }
  const codes = await deps.persistence.codes.activeCodesOfFlow(flow.id, deps.now());
  const match = findMatchingCode(codes, code.trim(), deps.config.secrets.default[0]!);
  const wrong: VerificationRefusal = {
    result: "refused",
    messages: [formMessage(uiText(MessageId.invalidVerificationCode))],
  };
  if (!match) return wrong;
  // The flow uses the code up in the transaction that verifies the address; a code used
  // meanwhile (a second tab) is a wrong code, as before.
  return { result: "verified", proof: match, spent: wrong };
}
