import type { Persistence } from "../../persistence/persistence.ts";

// Webhook deliveries are messages of the outbox with type 'webhook': written in the
// transaction of the change they report, so an event is never lost nor sent for a change that
// rolled back. `recipient` holds the endpoint URL, `subject` and `template_type` the event
// type, `body` the exact JSON that is signed and sent.

export interface OutgoingWebhook {
  url: string;
  type: string;
  body: string;
}

/** Writes one delivery, due at once. Returns its id (the X-Moos-Delivery header). */
export function enqueueWebhook(tx: Persistence, webhook: OutgoingWebhook): Promise<string> {
  return tx.outbox.enqueue({
    type: "webhook",
    recipient: webhook.url,
    subject: webhook.type,
    body: webhook.body,
    html_body: "",
    template_type: webhook.type,
  });
}
