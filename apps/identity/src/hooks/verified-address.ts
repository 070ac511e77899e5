import type { RequestCtx } from "../http/context.ts";
import type { Identity } from "../identity/identity.ts";

/** Marks the address verified: a code or link that reached it proves the customer reads it. */
export async function markAddressVerified(
  ctx: RequestCtx,
  identity: Identity,
  value: string,
): Promise<void> {
  const address = identity.verifiable_addresses.find((a) => a.value === value);
  if (!address || address.verified) return;
  const now = ctx.deps.now();
  Object.assign(address, {
    verified: true,
    status: "completed",
    verified_at: now,
    updated_at: now,
  });
  identity.updated_at = now;
  await ctx.deps.persistence.identities.updateIdentity(identity);
}
