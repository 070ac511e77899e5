import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../persistence/sql/database.ts";

// Webhook deliveries are rows of the courier's outbox with type 'webhook': written in the
// transaction of the change they report, so an event is never lost nor sent for a change that
// rolled back. `recipient` holds the endpoint URL, `subject` and `template_type` the event
// type, `body` the exact JSON that is signed and sent.

export interface OutgoingWebhook {
  url: string;
  type: string;
  body: string;
}

/** Inserts one delivery, due at once. Returns its id (the X-Moos-Delivery header). */
export async function enqueueWebhook(
  db: Kysely<Database>,
  input: OutgoingWebhook,
): Promise<string> {
  const id = randomUUID();
  const now = sql<Date>`now()`;
  await db
    .insertInto("courier_messages")
    .values({
      id,
      type: "webhook",
      status: "queued",
      recipient: input.url,
      subject: input.type,
      body: input.body,
      html_body: "",
      template_type: input.type,
      send_count: 0,
      last_error: null,
      lease_until: null,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
