import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import { migrationLink } from "../../flows/recovery/migration-email.ts";
import type {
  RecoveryEmail,
  RecoveryStrategy,
  RecoveryVerdict,
} from "../../flows/recovery/strategy.ts";
import { formMessage } from "../../flows/verdict.ts";

import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { needsMigration } from "../../identity/migration.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { addFlowMessage, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { codeStepNodes, emailStepNodes } from "./code-nodes.ts";
import { findMatchingCode, hashCode, newCode } from "./one-time-code.ts";

// Recovery by email code (`selfservice.flows.recovery.use: code`, docs/protocol.md#recovery-outcomes): the
// address, then the six digits from the email; a correct code ends in completeRecovery.

const fields = { method: "string", code: "string" } as const;
type CodeRecoveryBody = BodyOf<typeof fields>;

export const codeRecovery: RecoveryStrategy<CodeRecoveryBody> = {
  method: "code",
  body: bodySchema(fields, { kratos: "updateRecoveryFlowWithCodeMethod" }),
  emailNodes: (csrfToken, email) => emailStepNodes(csrfToken, email),
  markSent: markCodeSent,
  sendTo: sendRecoveryCode,
  async submit(ctx, flow, { code }) {
    if (flow.state === "passed_challenge")
      return { result: "restart", message: uiText(MessageId.recoveryAlreadyCompleted) };
    if (code && flow.state === "sent_email") return submitCode(ctx, flow, code);
    // Same answer (1060003) whether or not the address belongs to an account.
    return { result: "address_step" };
  },
};

function recoveryCodeNodes(csrfToken: string, address: string): UiNode[] {
  return codeStepNodes(csrfToken, address, {
    codeLabel: MessageId.recoveryCode,
    methodFirst: false,
  });
}

function markCodeSent(flow: Flow, address: string): void {
  flow.state = "sent_email";
  flow.internal.address = address;
  flow.internal.tries = 0;
  flow.payload.ui.nodes = recoveryCodeNodes(flow.csrf_token, address);
  addFlowMessage(flow.payload.ui, uiText(MessageId.recoveryCodeSent));
}

/** A new code for the flow (only its HMAC is stored) and its email, in the caller's transaction. */
async function sendRecoveryCode(
  deps: Deps,
  tx: Persistence,
  { flow, identity, address, locale }: RecoveryEmail,
): Promise<void> {
  const code = newCode();
  const lifespan = deps.config.selfservice.methods.code.config.lifespan;
  await tx.codes.createCode({
    id: crypto.randomUUID(),
    flow_id: flow.id,
    kind: "recovery",
    code_hash: hashCode(code, deps.config.secrets.default[0]!),
    address,
    identity_id: identity.id,
    used_at: null,
    expires_at: new Date(deps.now().getTime() + lifespan),
  });
  await enqueueEmail(tx, {
    templateType: "recovery_code_valid",
    to: address,
    locale,
    model: {
      code,
      expiresInMinutes: Math.round(lifespan / 60_000),
      // Imported without a password: the email says the account has moved and links to the
      // User migration screen with this flow.
      ...(needsMigration(identity)
        ? { migration: true, migrationUrl: migrationLink(deps, flow.id) }
        : {}),
    },
  });
}

async function submitCode(ctx: RequestCtx, flow: Flow, code: string): Promise<RecoveryVerdict> {
  const { deps } = ctx;
  if ((flow.internal.tries ?? 0) >= deps.config.selfservice.methods.code.config.max_submissions) {
    return {
      result: "restart",
      message: uiText(MessageId.errorWithReason, {
        reason: "The recovery code was entered wrong too often. Please request a new code.",
      }),
      invalidateCodes: true,
    };
  }
  const codes = await deps.persistence.codes.activeCodesOfFlow(flow.id, deps.now());
  const match = findMatchingCode(codes, code.trim(), deps.config.secrets.default[0]!);
  const identity = match?.identity_id
    ? await deps.persistence.identities.getIdentity(match.identity_id)
    : undefined;
  if (!match || !identity || !(await deps.persistence.codes.useCode(match.id, deps.now()))) {
    flow.internal.tries = (flow.internal.tries ?? 0) + 1;
    return { result: "refused", messages: [formMessage(uiText(MessageId.invalidRecoveryCode))] };
  }
  return { result: "recovered", identity, address: match.address, method: "code_recovery" };
}
