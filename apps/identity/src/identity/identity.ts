// The identity as the service holds it. `toIdentityJson` gives the public wire form
// (never credentials or metadata_admin, docs/protocol.md#session-and-identity); the admin API adds those itself.

export interface VerifiableAddress {
  id: string;
  value: string;
  verified: boolean;
  via: "email";
  status: "pending" | "sent" | "completed";
  verified_at?: Date | undefined;
  created_at: Date;
  updated_at: Date;
}

export interface RecoveryAddress {
  id: string;
  value: string;
  via: "email";
  created_at: Date;
  updated_at: Date;
}

export interface Credential {
  id: string;
  type: string;
  identifiers: string[];
  config: Record<string, unknown>;
  version: number;
  created_at: Date;
  updated_at: Date;
}

export interface Identity {
  id: string;
  schema_id: string;
  state: "active" | "inactive";
  state_changed_at?: Date | undefined;
  traits: Record<string, unknown>;
  metadata_public: Record<string, unknown> | null;
  metadata_admin: Record<string, unknown> | null;
  external_id?: string | undefined;
  verifiable_addresses: VerifiableAddress[];
  recovery_addresses: RecoveryAddress[];
  credentials: Credential[];
  created_at: Date;
  updated_at: Date;
}

export interface PasswordCredentialConfig {
  hashed_password: string;
}

/** Kratos trims, NFKC-normalises and lowercases identifiers; login is case-insensitive. */
export function normaliseIdentifier(value: string): string {
  return value.trim().normalize("NFKC").toLowerCase();
}

export function schemaUrl(publicBaseUrl: string, schemaId: string): string {
  return new URL(
    `schemas/${Buffer.from(schemaId).toString("base64url")}`,
    publicBaseUrl,
  ).toString();
}

export function toIdentityJson(identity: Identity, publicBaseUrl: string): Record<string, unknown> {
  return {
    id: identity.id,
    schema_id: identity.schema_id,
    schema_url: schemaUrl(publicBaseUrl, identity.schema_id),
    state: identity.state,
    ...(identity.state_changed_at
      ? { state_changed_at: identity.state_changed_at.toISOString() }
      : {}),
    traits: identity.traits,
    verifiable_addresses: identity.verifiable_addresses.map((a) => ({
      id: a.id,
      value: a.value,
      verified: a.verified,
      via: a.via,
      status: a.status,
      ...(a.verified_at ? { verified_at: a.verified_at.toISOString() } : {}),
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    })),
    recovery_addresses: identity.recovery_addresses.map((a) => ({
      id: a.id,
      value: a.value,
      via: a.via,
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    })),
    metadata_public: identity.metadata_public,
    ...(identity.external_id ? { external_id: identity.external_id } : {}),
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    organization_id: null,
  };
}

export function getCredential(identity: Identity, type: string): Credential | undefined {
  return identity.credentials.find((c) => c.type === type);
}

export function localeOf(identity: Identity): "de" | "en" {
  return identity.metadata_public?.locale === "en" ? "en" : "de";
}
