import type { Generated, JSONColumnType } from "kysely";

// The provider's tables. Times are timestamptz (JavaScript Dates); JSON is jsonb, written as
// JSON text (the pg driver would turn a top-level array into a PostgreSQL array).

type Json<T extends object | null> = JSONColumnType<T, string, string>;

/** Every oidc-provider model (sessions, interactions, codes, tokens, grants) in one table. */
export interface OidcModelTable {
  /** oidc-provider's model name: Session, Interaction, AuthorizationCode, RefreshToken, ... */
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  uid: string | null;
  /** The subject, for sessions and grants (admin revocation by subject). */
  account_id: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
}

/** OAuth 2.0 clients as Hydra's admin API shows them; the secret only as a hash. */
export interface ClientTable {
  id: string;
  client: Json<Record<string, unknown>>;
  secret_hash: string | null;
  /** "config" (written from the config file at start) or "admin" (the admin API). */
  source: string;
  created_at: Date;
  updated_at: Date;
}

/** One accepted consent per grant: what was granted and the claims for its tokens. */
export interface ConsentTable {
  grant_id: string;
  subject: string;
  client_id: string;
  grant_scope: Json<string[]>;
  grant_access_token_audience: Json<string[]>;
  session_id_token: Json<Record<string, unknown>>;
  session_access_token: Json<Record<string, unknown>>;
  context: Json<Record<string, unknown>>;
  /** The consent request as the consent app saw it (for the consent sessions list). */
  consent_request: Json<Record<string, unknown>>;
  login_session_id: string | null;
  remember: boolean;
  /** Until when a remembered consent lets later requests skip; null: as long as the grant. */
  remember_until: Date | null;
  handled_at: Date;
  expires_at: Date;
}

/** RP-initiated logouts waiting for, or answered by, the logout app. */
export interface LogoutRequestTable {
  challenge: string;
  verifier: string;
  subject: string;
  session_uid: string;
  sid: string;
  client_id: string | null;
  request_url: string;
  rp_initiated: boolean;
  /** oidc-provider's end-session XSRF secret, replayed when the browser comes back. */
  xsrf: string;
  /** pending, accepted, rejected or used. */
  state: string;
  requested_at: Date;
  expires_at: Date;
}

/** Signing keys; the private half encrypted with `secrets.system`. */
export interface SigningKeyTable {
  kid: string;
  set_name: string;
  alg: string;
  public_jwk: Json<Record<string, unknown>>;
  private_jwk: string;
  created_at: Generated<Date>;
  /** When the key starts signing; published in the JWKS from creation. */
  signs_from: Date;
}

export interface Database {
  oidc_models: OidcModelTable;
  oauth2_clients: ClientTable;
  oauth2_consents: ConsentTable;
  oauth2_logout_requests: LogoutRequestTable;
  oauth2_signing_keys: SigningKeyTable;
}
