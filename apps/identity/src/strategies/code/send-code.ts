import type { Deps } from "../../deps/deps.ts";
import type { Locale } from "../../hooks/locale.ts";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import type { CodeRecord, Persistence } from "../../persistence/persistence.ts";
import { hashCode, newCode } from "./one-time-code.ts";

/**
 * Stores a new sign-in or sign-up code for the flow (only its HMAC) and writes its email into
 * the outbox, both in the caller's transaction: the code exists in the email alone.
 */
export async function sendPasswordlessCode(
  deps: Deps,
  tx: Persistence,
  options: {
    kind: "login" | "registration";
    flowId: string;
    address: string;
    identityId: string | null;
    locale: Locale;
  },
): Promise<void> {
  const code = newCode();
  const lifespan = deps.config.selfservice.methods.code.config.lifespan;
  const record: CodeRecord = {
    id: crypto.randomUUID(),
    flow_id: options.flowId,
    kind: options.kind,
    code_hash: hashCode(code, deps.config.secrets.default[0]!),
    address: options.address,
    identity_id: options.identityId,
    used_at: null,
    expires_at: new Date(deps.now().getTime() + lifespan),
  };
  await tx.codes.createCode(record);
  await enqueueEmail(tx, {
    templateType: options.kind === "login" ? "login_code_valid" : "registration_code_valid",
    to: options.address,
    locale: options.locale,
    model: { code, expiresInMinutes: Math.round(lifespan / 60_000) },
  });
}
