import type { Locale } from "../../hooks/locale.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { hashCode, newCode } from "../../strategies/code/one-time-code.ts";
import type { Flow } from "../flow.ts";

/**
 * Writes a new code for the flow and its email into the outbox, in the caller's transaction,
 * and marks the address as sent. The code is only ever in the email, never in the database.
 */
export async function sendVerificationCode(
  ctx: Ctx,
  tx: Persistence,
  flow: Flow,
  identity: Identity,
  address: string,
  locale: Locale,
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
  await tx.courier.enqueueEmail({
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
