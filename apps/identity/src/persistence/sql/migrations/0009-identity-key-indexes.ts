import type { Kysely } from "kysely";

// An index on every column that names an account (or a credential) in a table of its rows.
// Loading an account reads its identifiers and addresses by `identity_id` (identity-json.ts), a
// change replaces them by `identity_id` (identity-persister.ts), and deleting one cascades by
// each foreign key. Without these, each of those read the whole table: with a million customers
// a console search, which loads the staff member's account, took 155 ms on PostgreSQL and 270 ms
// on PGlite whatever was searched (BENCHMARKS.md, issue 30), and so did every sign-in's load of
// the account. The flows' index holds only flows that name an account (settings, a second
// factor): most are a page view by someone not signed in.
//
// Building them reads each table once and holds off writes to it until done (migrations run in
// a transaction, where CREATE INDEX CONCURRENTLY cannot); BENCHMARKS.md has the time for a
// million (docs/production.md#upgrades).

const indexes = [
  [
    "identity_credential_identifiers_identity_id_idx",
    "identity_credential_identifiers",
    "identity_id",
  ],
  [
    "identity_credential_identifiers_credential_id_idx",
    "identity_credential_identifiers",
    "credential_id",
  ],
  ["identity_verifiable_addresses_identity_id_idx", "identity_verifiable_addresses", "identity_id"],
  ["identity_recovery_addresses_identity_id_idx", "identity_recovery_addresses", "identity_id"],
  ["security_links_identity_id_idx", "security_links", "identity_id"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of indexes) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
  await db.schema
    .createIndex("selfservice_flows_identity_id_idx")
    .on("selfservice_flows")
    .column("identity_id")
    .where("identity_id", "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("selfservice_flows_identity_id_idx").ifExists().execute();
  for (const [name] of indexes) await db.schema.dropIndex(name).ifExists().execute();
}
