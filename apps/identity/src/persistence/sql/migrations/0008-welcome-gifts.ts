import type { Kysely } from "kysely";

// One welcome gift per mailbox (docs/security.md#one-welcome-gift-per-mailbox): the mailboxes
// that got one, by the HMAC of the mailbox (never the address), and the identity that got it.
// No foreign key: a deleted account's mailbox keeps its gift, or deleting and registering again
// would earn a second one. (0006 and 0007 are the console's.)

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("welcome_gifts")
    .addColumn("mailbox_hash", "text", (c) => c.primaryKey())
    .addColumn("identity_id", "uuid", (c) => c.notNull())
    .addColumn("granted_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("welcome_gifts_identity_id_idx")
    .on("welcome_gifts")
    .column("identity_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("welcome_gifts").execute();
}
