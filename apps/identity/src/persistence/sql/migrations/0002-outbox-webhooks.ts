import type { Kysely } from "kysely";

// docs/newsletter-deletion-migration.md#webhooks: webhook deliveries share the courier's outbox (type 'webhook'). Each dispatcher
// claims only its own type, so the due index leads with it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("courier_messages_type_due_idx")
    .on("courier_messages")
    .columns(["type", "status", "next_attempt_at"])
    .execute();
  await db.schema.dropIndex("courier_messages_due_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("courier_messages_due_idx")
    .on("courier_messages")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema.dropIndex("courier_messages_type_due_idx").execute();
}
