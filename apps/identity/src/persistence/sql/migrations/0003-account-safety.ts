import { type Kysely, sql } from "kysely";

// Account safety (docs/account-safety.md): security events (the activity and its notices), failed sign-ins
// per identifier and day, trusted devices, the links notices carry ("This wasn't me", undo an
// email change), email changes waiting for their code, and each session's last activity.

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable("security_events")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("identity_id", "uuid", (c) =>
      c.notNull().references("identities.id").onDelete("cascade"),
    )
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull())
    .addColumn("ip_address", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("device_id", "uuid")
    .addColumn("details", "jsonb", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("security_events_identity_idx")
    .on("security_events")
    .columns(["identity_id", "occurred_at"])
    .execute();
  await db.schema
    .createIndex("security_events_occurred_idx")
    .on("security_events")
    .column("occurred_at")
    .execute();

  await db.schema
    .createTable("login_failures_daily")
    .addColumn("identifier_hash", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("last_at", "timestamptz", (c) => c.notNull())
    .addColumn("ip_address", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("login_failures_daily_pkey", ["identifier_hash", "day"])
    .execute();
  await db.schema
    .createIndex("login_failures_daily_last_idx")
    .on("login_failures_daily")
    .column("last_at")
    .execute();

  await db.schema
    .createTable("trusted_devices")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("identity_id", "uuid", (c) =>
      c.notNull().references("identities.id").onDelete("cascade"),
    )
    .addColumn("device_hash", "text", (c) => c.notNull())
    .addColumn("ip_address", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("last_seen_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("trusted_devices_identity_hash_key", ["identity_id", "device_hash"])
    .execute();

  await db.schema
    .createTable("security_links")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("identity_id", "uuid", (c) =>
      c.notNull().references("identities.id").onDelete("cascade"),
    )
    .addColumn("event_id", "uuid")
    .addColumn("device_id", "uuid")
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("email_changes")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("identity_id", "uuid", (c) =>
      c.notNull().references("identities.id").onDelete("cascade"),
    )
    .addColumn("old_address", "text", (c) => c.notNull())
    .addColumn("new_address", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("code_expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("tries", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("device_id", "uuid")
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("completed_at", "timestamptz")
    .execute();
  // One change waits at a time per account: a new request replaces the waiting one.
  await sql`create unique index email_changes_one_pending_idx on email_changes (identity_id) where status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable("session_activity")
    .addColumn("session_id", "uuid", (c) =>
      c.primaryKey().references("sessions.id").onDelete("cascade"),
    )
    .addColumn("last_active_at", "timestamptz", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "session_activity",
    "email_changes",
    "security_links",
    "trusted_devices",
    "login_failures_daily",
    "security_events",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
