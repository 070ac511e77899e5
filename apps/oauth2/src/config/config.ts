// The validated, frozen configuration. Durations are milliseconds (the file writes "15m").

export type SameSite = "Lax" | "Strict" | "None";
export type SigningAlgorithm = "RS256" | "ES256";

/** A client registered through the configuration file (Hydra's OAuth2Client fields). */
export interface ConfigClient {
  client_id: string;
  client_secret?: string;
  client_name?: string;
  application_type?: "web" | "native";
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
  grant_types?: string[];
  response_types?: string[];
  scope?: string;
  token_endpoint_auth_method?: "client_secret_basic" | "client_secret_post" | "none";
  backchannel_logout_uri?: string;
  backchannel_logout_session_required?: boolean;
  skip_consent?: boolean;
  skip_logout_consent?: boolean;
  allowed_cors_origins?: string[];
  client_uri?: string;
  logo_uri?: string;
  policy_uri?: string;
  tos_uri?: string;
  contacts?: string[];
  owner?: string;
  metadata?: Record<string, unknown>;
}

export type AppEnv = "local" | "development" | "staging" | "production";

export interface Config {
  dev: boolean;
  dsn: string;
  /** PostgreSQL's bounds, in ms (docs/production.md#when-the-database-is-down). */
  database: { connect_timeout: number; query_timeout: number };
  /** `local` never reports errors; the others do when `sentry.dsn` is set. */
  app_env: AppEnv;
  /** Error reports (Sentry): on with a DSN outside `local`. */
  sentry: { dsn?: string };
  serve: {
    public: { host: string; port: number; trust_proxy: boolean };
    admin: { host: string; port: number; token: string };
    cookies: { same_site_mode: SameSite; domain: string };
  };
  urls: {
    self: { issuer: string };
    login: string;
    consent: string;
    logout: string;
    error?: string;
    post_logout_redirect: string;
  };
  secrets: { system: string[]; cookie: string[] };
  ttl: {
    login_consent_request: number;
    access_token: number;
    refresh_token: number;
    id_token: number;
    auth_code: number;
    login_session: number;
  };
  oauth2: { pkce: { enforced: boolean; enforced_for_public_clients: boolean } };
  keys: {
    algorithm: SigningAlgorithm;
    rotate_every: number;
    publish_ahead: number;
    keep_retired_for: number;
    reload_interval: number;
  };
  outbound: { allow_private_addresses: boolean };
  webfinger: { oidc_discovery: { supported_scope: string[] } };
  clients: ConfigClient[];
}
