import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable("identities")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("schema_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("state_changed_at", "timestamptz")
    .addColumn("traits", "jsonb", (c) => c.notNull())
    .addColumn("metadata_public", "jsonb")
    .addColumn("metadata_admin", "jsonb")
    .addColumn("external_id", "text", (c) => c.unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("identities_created_at_idx")
    .on("identities")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("identity_credentials")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("identity_id", "uuid", (c) =>
      c.notNull().references("identities.id").onDelete("cascade"),
    )
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("config", "jsonb", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("identity_credentials_identity_type_key", ["identity_id", "type"])
    .execute();

  await db.schema
    .createTable("identity_credential_identifiers")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("credential_id", "uuid", (c) =>
      c.notNull().references("identity_credentials.id").onDelete("cascade"),
    )
    .addColumn("identity_id", "uuid", (c) =>
      c.notNull().references("identities.id").onDelete("cascade"),
    )
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addUniqueConstraint("identity_credential_identifiers_type_identifier_key", [
      "type",
      "identifier",
    ])
    .execute();

  for (const table of ["identity_verifiable_addresses", "identity_recovery_addresses"]) {
    let builder = db.schema
      .createTable(table)
      .addColumn("id", "uuid", (c) => c.primaryKey())
      .addColumn("identity_id", "uuid", (c) =>
        c.notNull().references("identities.id").onDelete("cascade"),
      )
      .addColumn("via", "text", (c) => c.notNull())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
      .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint(`${table}_via_value_key`, ["via", "value"]);
    if (table === "identity_verifiable_addresses") {
      builder = builder
        .addColumn("verified", "boolean", (c) => c.notNull().defaultTo(false))
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("verified_at", "timestamptz");
    }
    await builder.execute();
  }

  await db.schema
    .createTable("sessions")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("logout_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("identity_id", "uuid", (c) =>
      c.notNull().references("identities.id").onDelete("cascade"),
    )
    .addColumn("active", "boolean", (c) => c.notNull())
    .addColumn("aal", "text", (c) => c.notNull())
    .addColumn("authentication_methods", "jsonb", (c) => c.notNull())
    .addColumn("devices", "jsonb", (c) => c.notNull())
    .addColumn("authenticated_at", "timestamptz", (c) => c.notNull())
    .addColumn("issued_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("sessions_identity_idx")
    .on("sessions")
    .columns(["identity_id", "created_at"])
    .execute();

  await db.schema
    .createTable("selfservice_flows")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("identity_id", "uuid", (c) => c.references("identities.id").onDelete("cascade"))
    .addColumn("session_id", "uuid")
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("internal", "jsonb", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("selfservice_flows_expires_idx")
    .on("selfservice_flows")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("selfservice_codes")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("flow_id", "uuid", (c) =>
      c.notNull().references("selfservice_flows.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("identity_id", "uuid", (c) => c.references("identities.id").onDelete("cascade"))
    .addColumn("used_at", "timestamptz")
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("selfservice_codes_flow_idx")
    .on("selfservice_codes")
    .column("flow_id")
    .execute();

  await db.schema
    .createTable("courier_messages")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("template_type", "text", (c) => c.notNull())
    .addColumn("send_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("lease_until", "timestamptz")
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex("courier_messages_due_idx")
    .on("courier_messages")
    .columns(["status", "next_attempt_at"])
    .execute();

  await db.schema
    .createTable("selfservice_errors")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("error", "jsonb", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("window_ends_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("token_exchanges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "token_exchanges",
    "rate_limits",
    "selfservice_errors",
    "courier_messages",
    "selfservice_codes",
    "selfservice_flows",
    "sessions",
    "identity_recovery_addresses",
    "identity_verifiable_addresses",
    "identity_credential_identifiers",
    "identity_credentials",
    "identities",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
