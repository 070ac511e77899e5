import { type Kysely, sql } from "kysely";

// For speed: every instance keeps the sessions it answered whoami for in memory
// (persistence/sql/session-cache.ts). Whatever changes a session or an identity must reach
// every instance's cache, whoever writes: this service's persisters, the batch import, an
// operator in psql. So the database itself announces it: statement-level triggers on the
// sessions, the identities and their child tables send the changed identity ids with
// pg_notify, in the writing transaction, so listeners hear of a change exactly when it commits
// (and never of one rolled back). PGlite runs the same triggers and delivers the notifications
// in process.
//
// Payload: identity ids, comma-separated, at most 150 per notification (PostgreSQL's payload
// limit is 8000 bytes); `*` after a TRUNCATE (everything changed). Inserts into identities and
// sessions announce nothing: no instance can hold a session of an identity or a token that did
// not exist before. Inserts into the child tables do (a credential added to an identity).

export const identityChangesChannel = "moos_identity_changes";

const children = [
  "identity_credentials",
  "identity_credential_identifiers",
  "identity_verifiable_addresses",
  "identity_recovery_addresses",
] as const;

function notifyFunction(name: string, column: "id" | "identity_id"): string {
  return `
    create or replace function ${name}() returns trigger language plpgsql as $$
    declare
      chunk text;
    begin
      for chunk in
        select string_agg(id, ',') from (
          select id, (row_number() over (order by id) - 1) / 150 as n
          from (select distinct ${column}::text as id from changed) ids
        ) numbered
        group by n
      loop
        perform pg_notify('${identityChangesChannel}', chunk);
      end loop;
      return null;
    end $$;`;
}

// Transition tables allow one event per trigger, hence a trigger per event.
function rowTriggers(table: string, fn: string, events: ("insert" | "update" | "delete")[]) {
  return events.map(
    (event) => `
      create trigger ${table}_${event}_notify after ${event} on ${table}
      referencing ${event === "delete" ? "old" : "new"} table as changed
      for each statement execute function ${fn}();`,
  );
}

function truncateTrigger(table: string): string {
  return `
    create trigger ${table}_truncate_notify after truncate on ${table}
    for each statement execute function moos_notify_all_changed();`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // One script, one round trip: every instance's start (and every test's) pays for it.
  const script = [
    notifyFunction("moos_notify_identities_changed", "id"),
    notifyFunction("moos_notify_identity_rows_changed", "identity_id"),
    `create or replace function moos_notify_all_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${identityChangesChannel}', '*');
      return null;
    end $$;`,
    ...rowTriggers("identities", "moos_notify_identities_changed", ["update", "delete"]),
    ...rowTriggers("sessions", "moos_notify_identity_rows_changed", ["update", "delete"]),
    ...children.flatMap((table) =>
      rowTriggers(table, "moos_notify_identity_rows_changed", ["insert", "update", "delete"]),
    ),
    ...["identities", "sessions", ...children].map(truncateTrigger),
  ];
  await sql.raw(script.join("\n")).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping the functions drops the triggers that call them.
  for (const fn of [
    "moos_notify_identities_changed",
    "moos_notify_identity_rows_changed",
    "moos_notify_all_changed",
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}() cascade`.execute(db);
  }
}
