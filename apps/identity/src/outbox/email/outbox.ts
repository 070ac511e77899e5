import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { CourierMessagesTable, Database } from "../../persistence/sql/database.ts";
import {
  type EmailLocale,
  renderEmail,
  type TemplateModel,
  type TemplateType,
} from "./templates/index.ts";

// The transactional outbox: a flow writes its email into `courier_messages` inside the same
// transaction as its own change, so a code is never stored without its email and never emailed
// for a change that rolled back. The dispatcher sends it later. Like Kratos, the row keeps the
// rendered text (code included) so operators and tests can read it through the admin API.

export interface EnqueueEmailInput<T extends TemplateType> {
  templateType: T;
  to: string;
  locale: EmailLocale;
  model: TemplateModel<T>;
}

/**
 * Renders the email and inserts it as a queued message, due at once. Pass the flow's
 * transaction (a `Transaction<Database>` is a `Kysely<Database>`). Returns the message id.
 */
export async function enqueueEmail<T extends TemplateType>(
  db: Kysely<Database>,
  input: EnqueueEmailInput<T>,
): Promise<string> {
  const rendered = renderEmail(input.templateType, input.locale, input.model);
  return insertOutboxMessage(db, {
    type: "email",
    recipient: input.to,
    subject: rendered.subject,
    body: rendered.text,
    html_body: rendered.html,
    template_type: input.templateType,
  });
}

/** What a message of the outbox carries; the delivery state starts queued and due at once. */
export type OutboxMessage = Pick<
  CourierMessagesTable,
  "type" | "recipient" | "subject" | "body" | "html_body" | "template_type"
>;

/** Inserts one message (email or webhook delivery) into the outbox. Returns its id. */
export async function insertOutboxMessage(
  db: Kysely<Database>,
  message: OutboxMessage,
): Promise<string> {
  const id = randomUUID();
  // Times come from the database clock, the one the dispatchers compare against.
  const now = sql<Date>`now()`;
  await db
    .insertInto("courier_messages")
    .values({
      id,
      ...message,
      status: "queued",
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
