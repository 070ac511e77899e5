import { randomUUID } from "node:crypto";
import type { Config, WebhookEventType } from "../../config/config.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { enqueueWebhook } from "./enqueue-webhook.ts";

// The events the shop hears about (docs/newsletter-deletion-migration.md#webhooks). Each is enqueued once per endpoint that
// subscribed to it, inside the caller's transaction. The event id stays the same on every
// attempt and for every endpoint, so a receiver can drop duplicates.

export type NewsletterStatus = "pending" | "subscribed" | "declined" | "withdrawn";

export type WebhookEvent =
  | {
      type: "newsletter.consent_changed";
      data: {
        identity_id: string;
        email: string;
        status: NewsletterStatus;
        subscribed: boolean;
        locale: string | null;
        text_version: string | null;
        /**
         * On a confirmation: whether it earns the welcome gift (`granted`) or the mailbox had
         * one (`already_granted`, docs/security.md#one-welcome-gift-per-mailbox); else null.
         */
        welcome_gift: "granted" | "already_granted" | null;
      };
    }
  | { type: "identity.deleted"; data: { identity_id: string; email: string } };

export async function emitWebhookEvent(
  tx: Persistence,
  config: Readonly<Config>,
  event: WebhookEvent,
  now: Date,
): Promise<void> {
  const endpoints = config.webhooks.endpoints.filter((e) => e.events.includes(event.type));
  if (endpoints.length === 0) return;
  const body = JSON.stringify({
    id: randomUUID(),
    type: event.type,
    occurred_at: now.toISOString(),
    data: event.data,
  });
  for (const endpoint of endpoints) {
    await enqueueWebhook(tx, { url: endpoint.url, type: event.type, body });
  }
}

interface NewsletterRecord {
  status?: unknown;
  subscribed?: unknown;
  history?: unknown;
}

function newsletterOf(identity: Pick<Identity, "metadata_admin">): NewsletterRecord | undefined {
  const record = identity.metadata_admin?.newsletter;
  return record && typeof record === "object" ? (record as NewsletterRecord) : undefined;
}

export function newsletterStatusOf(identity: Pick<Identity, "metadata_admin">): unknown {
  return newsletterOf(identity)?.status;
}

const statuses = new Set<unknown>(["pending", "subscribed", "declined", "withdrawn"]);

/**
 * The consent event when an admin update changed metadata_admin.newsletter.status (also from
 * no record at all); undefined otherwise. Locale and text version come from the newest history
 * entry, as the web app appends them.
 */
export function consentChangedEvent(before: unknown, identity: Identity): WebhookEvent | undefined {
  const record = newsletterOf(identity);
  const status = record?.status;
  if (status === before || !statuses.has(status)) return undefined;
  const history = Array.isArray(record?.history) ? record.history : [];
  const newest = history.at(-1) as Record<string, unknown> | undefined;
  const text = (value: unknown): string | null => (typeof value === "string" ? value : null);
  return {
    type: "newsletter.consent_changed",
    data: {
      identity_id: identity.id,
      email: emailOf(identity),
      status: status as NewsletterStatus,
      subscribed: status === "subscribed",
      locale: text(newest?.locale),
      text_version: text(newest?.text_version),
      welcome_gift: null,
    },
  };
}

export function emailOf(identity: Identity): string {
  const email = identity.traits.email;
  return typeof email === "string" ? email : (identity.recovery_addresses[0]?.value ?? "");
}

export type { WebhookEventType };
