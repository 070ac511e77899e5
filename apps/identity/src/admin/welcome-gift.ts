import type { Deps } from "../deps/deps.ts";
import type { Identity } from "../identity/identity.ts";
import { mailboxOf } from "../identity/mailbox.ts";
import { emailOf, type WebhookEvent } from "../outbox/webhooks/events.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { secretHash } from "../security/secret-hash.ts";

// One welcome gift per mailbox (docs/security.md#one-welcome-gift-per-mailbox). When an admin
// update confirms the newsletter (status `subscribed`, after the double opt-in), the mailbox
// behind the identity's email claims the gift, in the update's transaction: the first identity
// of a mailbox gets it, a variant (`kim+2@gmail.com`, `k.im@gmail.com`) gets the newsletter but
// no second gift, and so does an identity that had one already (also at another address). The
// shop learns the decision from the webhook (`welcome_gift`) and from the identity's
// `metadata_admin.welcome_gift`.

export type WelcomeGift = "granted" | "already_granted";

/** What metadata_admin.welcome_gift holds once the gift was decided. */
export interface WelcomeGiftRecord {
  status: WelcomeGift;
  decided_at: string;
}

/** Decides the gift when `event` is a confirmation; writes it on the identity and the event. */
export async function decideWelcomeGift(
  tx: Persistence,
  deps: Deps,
  identity: Identity,
  event: WebhookEvent | undefined,
): Promise<void> {
  if (event?.type !== "newsletter.consent_changed" || event.data.status !== "subscribed") return;
  const email = emailOf(identity);
  if (!email) return;
  const now = deps.now();
  const mailbox = mailboxOf(email, deps.config.email_addresses.subaddress_domains);
  const granted = await tx.welcomeGifts.claim({
    mailbox_hash: secretHash(deps.config.secrets.default[0]!, "welcome-gift", mailbox),
    identity_id: identity.id,
    granted_at: now,
  });
  const status: WelcomeGift = granted ? "granted" : "already_granted";
  event.data.welcome_gift = status;
  const metadata = identity.metadata_admin ?? {};
  const kept = metadata.welcome_gift as Partial<WelcomeGiftRecord> | undefined;
  // A gift once granted stays on record; a later confirmation changes nothing there.
  if (kept?.status === "granted") return;
  const record: WelcomeGiftRecord = { status, decided_at: now.toISOString() };
  identity.metadata_admin = { ...metadata, welcome_gift: record };
}
