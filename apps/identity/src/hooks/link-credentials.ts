import type { Flow } from "../flows/flow.ts";
import type { PendingLink } from "../flows/flow-state.ts";
import type { RequestCtx } from "../http/context.ts";
import type { Identity } from "../identity/identity.ts";
import { addOidcLink, oidcIdentifier } from "../identity/oidc-credentials.ts";
import { isUniqueViolation } from "../persistence/errors.ts";

// Account linking after 4000027 (docs/protocol.md#account-linking): a social profile whose email belongs to an
// existing account is never merged silently. The login flow that asks the customer to prove
// the existing account carries the profile; only a successful sign-in to exactly that account
// (password or one of its providers) links it. Another account gets 4010009 and nothing.

export function pendingLinkOf(flow: Flow): PendingLink | undefined {
  return flow.internal.linkCredentials;
}

/** Links the flow's pending social profile to the identity that just proved itself. */
export async function linkPendingCredentials(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
): Promise<"none" | "linked" | "mismatch"> {
  const pending = pendingLinkOf(flow);
  if (!pending) return "none";
  if (pending.identityId !== identity.id) return "mismatch";
  const { deps } = ctx;
  const { link } = pending;
  const owner = await deps.persistence.identities.findIdentityByIdentifier(
    "oidc",
    oidcIdentifier(link.issuer, link.subject),
  );
  // Linked meanwhile (to this account or, by a race, another): nothing left to do here.
  if (!owner) {
    addOidcLink(identity, link, deps.now());
    try {
      await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  delete flow.internal.linkCredentials;
  return "linked";
}
