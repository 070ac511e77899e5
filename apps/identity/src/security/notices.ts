import type { Deps } from "../deps/deps.ts";
import { type Identity, localeOf } from "../identity/identity.ts";
import { enqueueEmail } from "../outbox/email/enqueue-email.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { createSecurityLink } from "./links.ts";
import type { SecurityEvent, SecurityEventType } from "./records.ts";
import { describeUserAgent } from "./user-agent.ts";

/**
 * Notices without "This wasn't me": its link signs the account out and starts a recovery, which
 * a locked account cannot finish; the notice tells the customer to contact the shop instead.
 */
const linkless: ReadonlySet<SecurityEventType> = new Set(["support_account_locked"]);

/** The address notices go to: the account's login address (the first verifiable one). */
export function noticeAddress(identity: Identity): string | undefined {
  return identity.verifiable_addresses[0]?.value ?? identity.recovery_addresses[0]?.value;
}

/**
 * Writes the notice of one event into the outbox, in the customer's language: what, when,
 * from which device and address, and the link to say it was not them (after a completed email
 * change: the link that undoes it, to the old address).
 */
export async function sendSecurityNotice(
  deps: Deps,
  tx: Persistence,
  input: { identity: Identity; event: SecurityEvent; to?: string },
): Promise<void> {
  const { identity, event } = input;
  const to = input.to ?? noticeAddress(identity);
  if (!to) return;
  const link = linkless.has(event.type)
    ? undefined
    : await createSecurityLink(deps, tx, {
        kind: event.type === "email_change_completed" ? "undo_email_change" : "not_me",
        identityId: identity.id,
        eventId: event.id,
        deviceId: event.device_id,
      });
  await enqueueEmail(tx, {
    templateType: "security_notice",
    to,
    locale: localeOf(identity),
    model: {
      event: event.type,
      occurred_at: event.occurred_at.toISOString(),
      time_zone: deps.config.security.notices.time_zone,
      ...describeUserAgent(event.user_agent),
      ip_address: event.ip_address,
      details: event.details,
      ...(link ? { link_url: link.url } : {}),
      link_valid_days: link?.validDays ?? 0,
      activity_url: deps.config.security.activity.ui_url,
    },
  });
}
