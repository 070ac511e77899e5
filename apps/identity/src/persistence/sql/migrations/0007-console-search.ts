import { type Kysely, sql } from "kysely";

// The console's customer search over a million accounts (docs/console.md#search): an exact
// email address, and the start of a name. Only adds indexes.
//
// Names are matched by prefix on two expressions: "first last" (which also starts with the
// first name) and the last name alone. Both are lower-cased with the database's rules and then
// compared in the "C" collation (byte order): a prefix is then a range of the index, and the
// index's order is the answer's order, so a search reads the first 20 entries of a range and
// stops, however many customers share the prefix. searchKeys in console-persister.ts writes the
// same expressions; they must stay identical for the indexes to be used.
//
// Building them reads every identity once and holds off writes to `identities` until done (the
// migration runs in a transaction, where CREATE INDEX CONCURRENTLY cannot); how long that takes
// for a million customers is in BENCHMARKS.md (docs/production.md#upgrades).

export const emailKey = sql.raw(`lower(traits->>'email')`);
export const fullNameKey = sql.raw(
  `(lower(coalesce(traits->'name'->>'first', '') || ' ' || coalesce(traits->'name'->>'last', '')) collate "C")`,
);
export const lastNameKey = sql.raw(`(lower(coalesce(traits->'name'->>'last', '')) collate "C")`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index identities_email_search_idx on identities (${emailKey})`.execute(db);
  // With the id after the name: the answer's order (name, then id) is the index's own.
  await sql`create index identities_full_name_search_idx on identities (${fullNameKey}, id)`.execute(
    db,
  );
  await sql`create index identities_last_name_search_idx on identities (${lastNameKey}, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "identities_last_name_search_idx",
    "identities_full_name_search_idx",
    "identities_email_search_idx",
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
