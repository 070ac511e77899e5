import type { Deps } from "../deps/deps.ts";
import { type Identity, localeOf } from "../identity/identity.ts";
import { enqueueEmail } from "../outbox/email/enqueue-email.ts";
import { emailOf, emitWebhookEvent } from "../outbox/webhooks/events.ts";
import type { Persistence } from "../persistence/persistence.ts";

/**
 * Deletes the identity and, by cascade, its credentials, sessions, codes and flows; in the same
 * transaction it enqueues the confirmation email and the `identity.deleted` webhook, which
 * outlive it in the outbox. False when it was gone already. The admin API and the console's
 * delete both end here, so the customer and the shop hear of a deletion alike.
 */
export async function deleteIdentityWithNotices(
  deps: Deps,
  tx: Persistence,
  identity: Identity,
): Promise<boolean> {
  const email = emailOf(identity);
  if (!(await tx.identities.deleteIdentity(identity.id))) return false;
  if (email) {
    await enqueueEmail(tx, {
      templateType: "account_deleted",
      to: email,
      locale: localeOf(identity),
      model: {},
    });
  }
  await emitWebhookEvent(
    tx,
    deps.config,
    { type: "identity.deleted", data: { identity_id: identity.id, email } },
    deps.now(),
  );
  return true;
}
