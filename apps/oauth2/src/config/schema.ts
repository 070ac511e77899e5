import { durationPattern } from "./duration.ts";

// The config file's JSON Schema. Keys follow Ory Hydra's hydra.yml wherever Hydra has one
// (serve, urls, secrets, ttl, oauth2.pkce, webfinger), so a Hydra operator finds them where
// they expect; `keys`, `clients`, `dev`, `serve.admin.token` and `serve.public.trust_proxy`
// are ours. Defaults live here and nowhere else, and so does each key's `description`:
// docs/configuration.md is generated from them (`npm run docs:config`).

const duration = (defaultValue: string, description: string): object => ({
  type: "string",
  pattern: durationPattern,
  default: defaultValue,
  description,
});
const url = (description: string, defaultValue?: string): object => ({
  type: "string",
  format: "uri",
  pattern: "^https?://",
  ...(defaultValue ? { default: defaultValue } : {}),
  description,
});
const shape = (properties: Record<string, object>, extra: object = {}): object => ({
  type: "object",
  additionalProperties: false,
  properties,
  ...extra,
});
const obj = (properties: Record<string, object>): object => shape(properties, { default: {} });
const strings = (itemExtra: object = {}, description?: string): object => ({
  type: "array",
  items: { type: "string", minLength: 1, ...itemExtra },
  ...(description ? { description } : {}),
});
const port = (defaultValue: number, description: string): object => ({
  type: "integer",
  minimum: 0,
  maximum: 65535,
  default: defaultValue,
  description,
});
const secretList = (defaultValue: string, description: string): object => ({
  type: "array",
  minItems: 1,
  items: { type: "string", minLength: 16 },
  default: [defaultValue],
  description,
});
const text = (description: string, extra: object = {}): object => ({
  type: "string",
  ...extra,
  description,
});
const flag = (description: string, extra: object = {}): object => ({
  type: "boolean",
  ...extra,
  description,
});

// A client registered through the configuration: Hydra's OAuth2Client fields (as its admin
// API takes them) plus `application_type` from OpenID Connect Dynamic Client Registration.
// The secret is written here in clear and stored hashed (clients/client-secret.ts).
export const clientSchema = shape(
  {
    client_id: text("The client's id: letters, digits and `._~-`, at most 128.", {
      pattern: "^[A-Za-z0-9._~-]{1,128}$",
    }),
    client_secret: text(
      "Required unless public; at least 16 characters, stored as a scrypt hash.",
      { minLength: 16 },
    ),
    client_name: text("The client's name, shown on the consent screen. Unset: empty."),
    application_type: text(
      "Unset: `web`; `native` for a public client with only loopback or private-use scheme redirects.",
      { enum: ["web", "native"] },
    ),
    redirect_uris: strings(
      { format: "uri" },
      "Exact match; for native apps loopback on any port and private-use schemes (`de.moos.app:/oauth2/callback`).",
    ),
    post_logout_redirect_uris: strings({ format: "uri" }, "Unset: `[]`."),
    grant_types: strings(
      { enum: ["authorization_code", "refresh_token"] },
      'Unset: `["authorization_code", "refresh_token"]`.',
    ),
    response_types: strings({ enum: ["code"] }, 'Unset: `["code"]`.'),
    scope: text(
      'The scopes the client may ask for. Unset: `"openid offline_access email profile"`.',
    ),
    token_endpoint_auth_method: text(
      "Unset: `client_secret_basic`; or `client_secret_post`; `none` for a public client (PKCE required).",
      { enum: ["client_secret_basic", "client_secret_post", "none"] },
    ),
    backchannel_logout_uri: text(
      'Where back-channel logout tokens are POSTed. Unset: `""` (none).',
      { format: "uri" },
    ),
    backchannel_logout_session_required: flag("The logout token carries `sid`. Unset: `false`."),
    skip_consent: flag("First-party: the consent app gets `skip: true`. Unset: `false`."),
    skip_logout_consent: flag(
      "Logout from this client does not ask the logout app. Unset: `false`.",
    ),
    allowed_cors_origins: strings(
      { format: "uri" },
      "As in Hydra: lets a browser app call the token endpoint. Unset: empty.",
    ),
    client_uri: text("As in Hydra. Unset: empty.", { format: "uri" }),
    logo_uri: text("As in Hydra. Unset: empty.", { format: "uri" }),
    policy_uri: text("As in Hydra. Unset: empty.", { format: "uri" }),
    tos_uri: text("As in Hydra. Unset: empty.", { format: "uri" }),
    contacts: strings({}, "As in Hydra. Unset: empty."),
    owner: text("As in Hydra. Unset: empty."),
    metadata: { type: "object", description: "As in Hydra. Unset: empty." },
  },
  { title: "Client", required: ["client_id", "redirect_uris"] },
);

export const configSchema = obj({
  dev: flag(
    "Development mode: the shipped secrets and http `urls.*` are accepted. Never in production.",
    { default: false },
  ),
  dsn: text(
    "The database: `pglite://<folder>`, `memory://` for tests, `postgres://…` for several instances. `DATABASE_URL` sets it too.",
    { default: "pglite://.data/oauth2" },
  ),
  // Ours, as the identity service's: how long a request may wait for PostgreSQL before it is
  // answered 503 (the embedded database runs in the process and needs no bound).
  database: shape(
    {
      connect_timeout: duration(
        "5s",
        "How long getting a PostgreSQL connection may take (connecting, or waiting for a free one in the pool of 10) before the request is answered 503.",
      ),
      query_timeout: duration(
        "5s",
        "How long one query may run before it is given up (also PostgreSQL's `statement_timeout`) and the request is answered 503. Migrations have no bound.",
      ),
    },
    {
      default: {},
      description:
        "PostgreSQL connections: the bounds within which an unreachable database becomes a 503.",
    },
  ),
  app_env: text(
    "Where this instance runs: `local`, `development`, `staging` or `production` (`APP_ENV`, as the web app and the identity service read it). Error reports are never sent from `local`, whatever `sentry.dsn` says.",
    { enum: ["local", "development", "staging", "production"], default: "production" },
  ),
  sentry: shape(
    {
      dsn: text(
        "Sentry DSN for error reports of unexpected errors (`server_error` answers, admin API 500s); `SENTRY_DSN` sets it too. Unset: no reports, and the Sentry SDK is not loaded. A report carries the error, the service, the request id and the trace id, never personal data.",
      ),
    },
    { default: {}, description: "Error reports (Sentry)." },
  ),
  serve: obj({
    public: obj({
      host: text("The address the public API listens on.", { default: "127.0.0.1" }),
      port: port(4444, "The port the public API listens on."),
      trust_proxy: flag(
        "`true` behind a TLS-terminating proxy: trusts `X-Forwarded-Proto`, so secure cookies work.",
        { default: false },
      ),
    }),
    admin: obj({
      host: text("The address the admin API listens on; keep it private.", {
        default: "127.0.0.1",
      }),
      port: port(4445, "The port the admin API listens on."),
      token: text("The bearer token every `/admin` call must send.", {
        minLength: 16,
        default: "insecure-admin-token-change-me",
      }),
    }),
    cookies: obj({
      same_site_mode: text("The provider's cookies' SameSite attribute.", {
        enum: ["Lax", "Strict", "None"],
        default: "Lax",
      }),
      domain: text("The provider's cookies' Domain; empty: the public host.", { default: "" }),
    }),
  }),
  urls: obj({
    self: obj({
      issuer: url(
        "The issuer: the public API's URL as clients reach it (discovery lives below it).",
        "http://127.0.0.1:4444",
      ),
    }),
    login: url("The login app: the web app's `/login`.", "http://localhost:3000/login"),
    consent: url("The consent app: the web app's `/consent`.", "http://localhost:3000/consent"),
    logout: url("The logout app: the web app's `/logout`.", "http://localhost:3000/logout"),
    error: url(
      "Unset: a German and English error page; set: a 303 there with `error`, `error_description`.",
    ),
    post_logout_redirect: url(
      "Where a logout without a registered `post_logout_redirect_uri` ends.",
      "http://localhost:3000/",
    ),
  }),
  secrets: obj({
    system: secretList(
      "insecure-system-secret-change-me",
      "Seals signing keys; the first seals, all unseal.",
    ),
    cookie: secretList(
      "insecure-cookie-secret-change-me",
      "Signs cookies; the first signs, all verify.",
    ),
  }),
  ttl: obj({
    login_consent_request: duration("30m", "How long login, consent and logout challenges live."),
    access_token: duration("1h", "An access token's lifetime."),
    refresh_token: duration("720h", "A refresh token's lifetime, from each rotation."),
    id_token: duration("1h", "An ID token's lifetime."),
    auth_code: duration("1m", "An authorization code's lifetime (Hydra: 10m)."),
    login_session: duration(
      "720h",
      "How long a remembered login lasts; the login accept's `remember_for` overrides it.",
    ),
  }),
  oauth2: obj({
    pkce: obj({
      enforced: flag("`true`: every client must use PKCE.", { default: false }),
      enforced_for_public_clients: flag("Public clients must use PKCE.", { default: true }),
    }),
  }),
  keys: obj({
    algorithm: text("The ID token signing algorithm; a change takes effect at the next key.", {
      enum: ["RS256", "ES256"],
      default: "RS256",
    }),
    rotate_every: duration("2160h", "How often a new signing key is made; `0s`: only on request."),
    publish_ahead: duration(
      "1h",
      "How long a new key is published before it signs; `0s` or at least `reload_interval`.",
    ),
    keep_retired_for: duration(
      "720h",
      "How long a retired key stays published; at least `ttl.id_token` (covers old ID tokens sent as `id_token_hint`).",
    ),
    reload_interval: duration("1m", "How often each instance reloads the keys."),
  }),
  outbound: obj({
    allow_private_addresses: flag(
      "oidc-provider refuses back-channel calls to loopback and private addresses; `true` when the shop backend is on the same host or network.",
      { default: false },
    ),
  }),
  webfinger: obj({
    oidc_discovery: obj({
      supported_scope: {
        ...strings(
          { pattern: "^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$" },
          "Scopes discovery lists beyond `openid`, `offline_access`, `email`, `profile`.",
        ),
        default: [],
      },
    }),
  }),
  clients: {
    type: "array",
    default: [],
    items: clientSchema,
    description:
      "Clients from the configuration (a client, below); written to the database at every start.",
  },
});
