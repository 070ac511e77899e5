import { type Kysely, sql } from "kysely";

// The customer-service console (docs/console.md): staff roles, account locks and the audit log.
// Only adds: new tables, a trigger and indexes; nothing existing changes.
//
// The audit log is append-only, and the database itself says so: a trigger refuses every
// UPDATE, DELETE and TRUNCATE on it, whoever sends them (a bug, a script, a staff member with
// database access who wants to hide a step). It has no foreign keys, so deleting a customer or
// a staff member keeps what was done to and by them; it stores ids, never a customer's name or
// address, so an erased account leaves nothing personal behind in it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_roles")
    .addColumn("identity_id", "uuid", (c) =>
      c.primaryKey().references("identities.id").onDelete("cascade"),
    )
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('viewer', 'support', 'admin')`),
    )
    .addColumn("granted_at", "timestamptz", (c) => c.notNull())
    // The staff member who granted it; null when the command line did.
    .addColumn("granted_by", "uuid")
    .execute();

  await db.schema
    .createTable("account_locks")
    .addColumn("identity_id", "uuid", (c) =>
      c.primaryKey().references("identities.id").onDelete("cascade"),
    )
    .addColumn("locked_at", "timestamptz", (c) => c.notNull())
    // Null: until unlocked. A lock whose time has passed is over (and replaced by the next one).
    .addColumn("until", "timestamptz")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("locked_by", "uuid")
    .execute();

  await db.schema
    .createTable("console_audit")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull())
    .addColumn("staff_id", "uuid")
    .addColumn("staff_email", "text")
    .addColumn("staff_role", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_id", "uuid")
    .addColumn("reason", "text")
    .addColumn("ip_address", "text")
    .addColumn("request_id", "text")
    .addColumn("details", "jsonb", (c) => c.notNull())
    .execute();
  // Newest first, per customer, per staff member and for all: keyset pages on (time, id).
  for (const [name, columns] of [
    ["console_audit_target_idx", ["target_id", "occurred_at", "id"]],
    ["console_audit_staff_idx", ["staff_id", "occurred_at", "id"]],
    ["console_audit_occurred_idx", ["occurred_at", "id"]],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on("console_audit")
      .columns([...columns])
      .execute();
  }
  await sql
    .raw(`
    create or replace function moos_console_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'console_audit is append-only: % refused', tg_op
        using errcode = 'insufficient_privilege';
    end $$;
    create trigger console_audit_append_only before update or delete or truncate on console_audit
    for each statement execute function moos_console_audit_append_only();`)
    .execute(db);

  // The customer page's lookups: the latest code of an account (resending it) and the emails
  // sent to an address, newest first.
  await db.schema
    .createIndex("selfservice_codes_identity_idx")
    .on("selfservice_codes")
    .columns(["identity_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("courier_messages_recipient_idx")
    .on("courier_messages")
    .columns(["recipient", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("courier_messages_recipient_idx").ifExists().execute();
  await db.schema.dropIndex("selfservice_codes_identity_idx").ifExists().execute();
  // Dropping the table drops its trigger; the function goes after it.
  await db.schema.dropTable("console_audit").ifExists().execute();
  await sql`drop function if exists moos_console_audit_append_only()`.execute(db);
  await db.schema.dropTable("account_locks").ifExists().execute();
  await db.schema.dropTable("staff_roles").ifExists().execute();
}
