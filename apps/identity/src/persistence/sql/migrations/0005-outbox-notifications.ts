import { type Kysely, sql } from "kysely";

// For speed: a message in the outbox should leave at once, not on its dispatcher's next poll. So
// the database announces, with pg_notify in the writing transaction, the types (email, webhook,
// job) that got a message due now: a new one, or one given back to the queue by an instance
// that shut down. Every instance's dispatcher wakes the kinds of those types that wake, and they
// claim (outbox/dispatcher.ts); the claim's lease keeps a message to one of them. The notification comes with the commit, so
// a dispatcher never wakes for a row it cannot see yet. Retries due later, and messages of an
// instance that died, are still found by the poll.

export const outboxChannel = "moos_outbox";

function trigger(event: "insert" | "update"): string {
  return `
    create trigger courier_messages_${event}_notify after ${event} on courier_messages
    referencing new table as changed
    for each statement execute function moos_notify_outbox();`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const script = [
    `create or replace function moos_notify_outbox() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${outboxChannel}', due.type)
      from (
        select distinct type from changed
        where status = 'queued' and next_attempt_at <= now()
      ) due;
      return null;
    end $$;`,
    trigger("insert"),
    trigger("update"),
  ];
  await sql.raw(script.join("\n")).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping the function drops the triggers that call it.
  await sql`drop function if exists moos_notify_outbox() cascade`.execute(db);
}
