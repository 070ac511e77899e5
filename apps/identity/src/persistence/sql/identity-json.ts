import { type RawBuilder, sql } from "kysely";
import type { Identity } from "../../identity/identity.ts";
import type { Session } from "../../session/session.ts";

// An identity with all its child rows as one jsonb value, so loading an identity (sign-in,
// whoami, settings) is one round trip instead of three. `i` must name the identities row.
// Timestamps arrive as ISO strings (to_jsonb), child rows in the order they were created.

export const identityJson: RawBuilder<IdentityJson> = sql<IdentityJson>`jsonb_build_object(
  'row', to_jsonb(i),
  'credentials', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at, c.id)
    from identity_credentials c where c.identity_id = i.id), '[]'::jsonb),
  'identifiers', coalesce((select jsonb_agg(jsonb_build_object('credential_id', x.credential_id, 'identifier', x.identifier))
    from identity_credential_identifiers x where x.identity_id = i.id), '[]'::jsonb),
  'verifiable', coalesce((select jsonb_agg(to_jsonb(v) order by v.created_at, v.id)
    from identity_verifiable_addresses v where v.identity_id = i.id), '[]'::jsonb),
  'recovery', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at, r.id)
    from identity_recovery_addresses r where r.identity_id = i.id), '[]'::jsonb)
)`;

type JsonRow = Record<string, unknown>;

export interface IdentityJson {
  row: JsonRow;
  credentials: JsonRow[];
  identifiers: { credential_id: string; identifier: string }[];
  verifiable: JsonRow[];
  recovery: JsonRow[];
}

const date = (value: unknown): Date => new Date(String(value));
const optionalDate = (value: unknown): Date | undefined => (value ? date(value) : undefined);

export function identityFromJson(json: IdentityJson): Identity {
  const { row } = json;
  return {
    id: String(row.id),
    schema_id: String(row.schema_id),
    state: row.state as Identity["state"],
    state_changed_at: optionalDate(row.state_changed_at),
    traits: row.traits as Record<string, unknown>,
    metadata_public: (row.metadata_public ?? null) as Identity["metadata_public"],
    metadata_admin: (row.metadata_admin ?? null) as Identity["metadata_admin"],
    external_id: typeof row.external_id === "string" ? row.external_id : undefined,
    credentials: json.credentials.map((c) => ({
      id: String(c.id),
      type: String(c.type),
      identifiers: json.identifiers
        .filter((i) => i.credential_id === c.id)
        .map((i) => String(i.identifier)),
      config: c.config as Record<string, unknown>,
      version: Number(c.version),
      created_at: date(c.created_at),
      updated_at: date(c.updated_at),
    })),
    verifiable_addresses: json.verifiable.map((a) => ({
      id: String(a.id),
      value: String(a.value),
      verified: a.verified === true,
      via: "email" as const,
      status: a.status as Identity["verifiable_addresses"][number]["status"],
      verified_at: optionalDate(a.verified_at),
      created_at: date(a.created_at),
      updated_at: date(a.updated_at),
    })),
    recovery_addresses: json.recovery.map((a) => ({
      id: String(a.id),
      value: String(a.value),
      via: "email" as const,
      created_at: date(a.created_at),
      updated_at: date(a.updated_at),
    })),
    created_at: date(row.created_at),
    updated_at: date(row.updated_at),
  };
}

/** A sessions row as to_jsonb gives it. */
export function sessionFromJson(row: JsonRow): Session {
  return {
    id: String(row.id),
    identity_id: String(row.identity_id),
    active: row.active === true,
    aal: row.aal as Session["aal"],
    authentication_methods: row.authentication_methods as Session["authentication_methods"],
    devices: row.devices as Session["devices"],
    authenticated_at: date(row.authenticated_at),
    issued_at: date(row.issued_at),
    expires_at: date(row.expires_at),
  };
}
