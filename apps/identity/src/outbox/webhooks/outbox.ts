import type { Kysely } from "kysely";
import type { Database } from "../../persistence/sql/database.ts";
import { insertOutboxMessage } from "../email/outbox.ts";

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
export function enqueueWebhook(db: Kysely<Database>, input: OutgoingWebhook): Promise<string> {
  return insertOutboxMessage(db, {
    type: "webhook",
    recipient: input.url,
    subject: input.type,
    body: input.body,
    html_body: "",
    template_type: input.type,
  });
}
