import { durationPattern } from "./duration.ts";

// The config file's JSON Schema. Keys follow Ory Hydra's hydra.yml wherever Hydra has one
// (serve, urls, secrets, ttl, oauth2.pkce, webfinger), so a Hydra operator finds them where
// they expect; `keys`, `clients`, `dev`, `serve.admin.token` and `serve.public.trust_proxy`
// are ours. Defaults live here and nowhere else.

const duration = (defaultValue: string): object => ({
  type: "string",
  pattern: durationPattern,
  default: defaultValue,
});
const url = (defaultValue?: string): object => ({
  type: "string",
  format: "uri",
  pattern: "^https?://",
  ...(defaultValue ? { default: defaultValue } : {}),
});
const shape = (properties: Record<string, object>, extra: object = {}): object => ({
  type: "object",
  additionalProperties: false,
  properties,
  ...extra,
});
const obj = (properties: Record<string, object>): object => shape(properties, { default: {} });
const strings = (itemExtra: object = {}): object => ({
  type: "array",
  items: { type: "string", minLength: 1, ...itemExtra },
});
const port = (defaultValue: number): object => ({
  type: "integer",
  minimum: 0,
  maximum: 65535,
  default: defaultValue,
});
const secretList = (defaultValue: string): object => ({
  type: "array",
  minItems: 1,
  items: { type: "string", minLength: 16 },
  default: [defaultValue],
});

// A client registered through the configuration: Hydra's OAuth2Client fields (as its admin
// API takes them) plus `application_type` from OpenID Connect Dynamic Client Registration.
// The secret is written here in clear and stored hashed (clients/client-secret.ts).
export const clientSchema = shape(
  {
    client_id: { type: "string", pattern: "^[A-Za-z0-9._~-]{1,128}$" },
    client_secret: { type: "string", minLength: 16 },
    client_name: { type: "string" },
    application_type: { type: "string", enum: ["web", "native"] },
    redirect_uris: strings({ format: "uri" }),
    post_logout_redirect_uris: strings({ format: "uri" }),
    grant_types: strings({ enum: ["authorization_code", "refresh_token"] }),
    response_types: strings({ enum: ["code"] }),
    scope: { type: "string" },
    token_endpoint_auth_method: {
      type: "string",
      enum: ["client_secret_basic", "client_secret_post", "none"],
    },
    backchannel_logout_uri: { type: "string", format: "uri" },
    backchannel_logout_session_required: { type: "boolean" },
    skip_consent: { type: "boolean" },
    skip_logout_consent: { type: "boolean" },
    allowed_cors_origins: strings({ format: "uri" }),
    client_uri: { type: "string", format: "uri" },
    logo_uri: { type: "string", format: "uri" },
    policy_uri: { type: "string", format: "uri" },
    tos_uri: { type: "string", format: "uri" },
    contacts: strings(),
    owner: { type: "string" },
    metadata: { type: "object" },
  },
  { required: ["client_id", "redirect_uris"] },
);

export const configSchema = obj({
  dev: { type: "boolean", default: false },
  dsn: { type: "string", default: "pglite://.data/oauth2" },
  serve: obj({
    public: obj({
      host: { type: "string", default: "127.0.0.1" },
      port: port(4444),
      trust_proxy: { type: "boolean", default: false },
    }),
    admin: obj({
      host: { type: "string", default: "127.0.0.1" },
      port: port(4445),
      token: { type: "string", minLength: 16, default: "insecure-admin-token-change-me" },
    }),
    cookies: obj({
      same_site_mode: { type: "string", enum: ["Lax", "Strict", "None"], default: "Lax" },
      domain: { type: "string", default: "" },
    }),
  }),
  urls: obj({
    self: obj({ issuer: url("http://127.0.0.1:4444") }),
    login: url("http://localhost:3000/login"),
    consent: url("http://localhost:3000/consent"),
    logout: url("http://localhost:3000/logout"),
    error: url(),
    post_logout_redirect: url("http://localhost:3000/"),
  }),
  secrets: obj({
    system: secretList("insecure-system-secret-change-me"),
    cookie: secretList("insecure-cookie-secret-change-me"),
  }),
  ttl: obj({
    login_consent_request: duration("30m"),
    access_token: duration("1h"),
    refresh_token: duration("720h"),
    id_token: duration("1h"),
    auth_code: duration("1m"),
    login_session: duration("720h"),
  }),
  oauth2: obj({
    pkce: obj({
      enforced: { type: "boolean", default: false },
      enforced_for_public_clients: { type: "boolean", default: true },
    }),
  }),
  keys: obj({
    algorithm: { type: "string", enum: ["RS256", "ES256"], default: "RS256" },
    rotate_every: duration("2160h"),
    publish_ahead: duration("1h"),
    keep_retired_for: duration("720h"),
    reload_interval: duration("1m"),
  }),
  outbound: obj({
    allow_private_addresses: { type: "boolean", default: false },
  }),
  webfinger: obj({
    oidc_discovery: obj({
      supported_scope: { ...strings({ pattern: "^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$" }), default: [] },
    }),
  }),
  clients: { type: "array", default: [], items: clientSchema },
});
