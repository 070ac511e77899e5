import { type Kysely, sql } from "kysely";

// The provider's schema: oidc-provider's models in one table (as its reference adapters keep
// them), and the Hydra-side records oidc-provider has no model for: clients with hashed
// secrets, accepted consents with their claims, logout challenges, signing keys.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("oidc_models")
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("grant_id", "text")
    .addColumn("uid", "text")
    .addColumn("account_id", "text")
    .addColumn("expires_at", "timestamptz")
    .addColumn("consumed_at", "timestamptz")
    .addPrimaryKeyConstraint("oidc_models_pkey", ["model", "id"])
    .execute();
  await db.schema
    .createIndex("oidc_models_grant_id_idx")
    .on("oidc_models")
    .column("grant_id")
    .where(sql.ref("grant_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("oidc_models_uid_idx")
    .on("oidc_models")
    .columns(["model", "uid"])
    .where(sql.ref("uid"), "is not", null)
    .execute();
  await db.schema
    .createIndex("oidc_models_account_id_idx")
    .on("oidc_models")
    .columns(["account_id", "model"])
    .where(sql.ref("account_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("oidc_models_expires_at_idx")
    .on("oidc_models")
    .column("expires_at")
    .execute();

  await db.schema
    .createTable("oauth2_clients")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("client", "jsonb", (c) => c.notNull())
    .addColumn("secret_hash", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("oauth2_consents")
    .addColumn("grant_id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("grant_scope", "jsonb", (c) => c.notNull())
    .addColumn("grant_access_token_audience", "jsonb", (c) => c.notNull())
    .addColumn("session_id_token", "jsonb", (c) => c.notNull())
    .addColumn("session_access_token", "jsonb", (c) => c.notNull())
    .addColumn("context", "jsonb", (c) => c.notNull())
    .addColumn("consent_request", "jsonb", (c) => c.notNull())
    .addColumn("login_session_id", "text")
    .addColumn("remember", "boolean", (c) => c.notNull())
    .addColumn("remember_until", "timestamptz")
    .addColumn("handled_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("oauth2_consents_subject_client_idx")
    .on("oauth2_consents")
    .columns(["subject", "client_id"])
    .execute();

  await db.schema
    .createTable("oauth2_logout_requests")
    .addColumn("challenge", "text", (c) => c.primaryKey())
    .addColumn("verifier", "text", (c) => c.notNull().unique())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("session_uid", "text", (c) => c.notNull())
    .addColumn("sid", "text", (c) => c.notNull())
    .addColumn("client_id", "text")
    .addColumn("request_url", "text", (c) => c.notNull())
    .addColumn("rp_initiated", "boolean", (c) => c.notNull())
    .addColumn("xsrf", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("requested_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("oauth2_signing_keys")
    .addColumn("kid", "text", (c) => c.primaryKey())
    .addColumn("set_name", "text", (c) => c.notNull())
    .addColumn("alg", "text", (c) => c.notNull())
    .addColumn("public_jwk", "jsonb", (c) => c.notNull())
    .addColumn("private_jwk", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("signs_from", "timestamptz", (c) => c.notNull())
    .execute();
}
