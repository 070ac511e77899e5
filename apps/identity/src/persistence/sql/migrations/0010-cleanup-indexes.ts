import { type Kysely, sql } from "kysely";

// Pruning what has expired (docs/production.md#pruning-expired-rows): each table a sweep prunes
// gets an index on the column its condition reads (cleanup-persister.ts), so a sweep's batch
// reads the oldest expired rows from the index instead of scanning a busy table. Only adds
// indexes (selfservice_flows has had one on expires_at since 0001).
//
// The outbox's is partial: only sent and abandoned messages are ever pruned, and queued ones
// stay out of it. Building them reads each table once and holds off its writes until done (the
// migration runs in a transaction, where CREATE INDEX CONCURRENTLY cannot); on a shop that ran
// for long without pruning, run `migrate` as a release step (docs/production.md#upgrades).

const indexes = [
  ["sessions_expires_idx", "sessions", "expires_at"],
  ["selfservice_codes_expires_idx", "selfservice_codes", "expires_at"],
  ["selfservice_errors_created_idx", "selfservice_errors", "created_at"],
  ["token_exchanges_expires_idx", "token_exchanges", "expires_at"],
  ["security_links_expires_idx", "security_links", "expires_at"],
  ["email_changes_expires_idx", "email_changes", "expires_at"],
  ["rate_limits_window_ends_idx", "rate_limits", "window_ends_at"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of indexes) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
  await sql`create index courier_messages_finished_idx on courier_messages (updated_at) where status in ('sent', 'abandoned')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("courier_messages_finished_idx").ifExists().execute();
  for (const [name] of indexes) await db.schema.dropIndex(name).ifExists().execute();
}
