import { durationPattern } from "./duration.ts";

// The config file's JSON Schema. Keys follow kratos.yml wherever Kratos has one, so a Kratos
// operator finds them where they expect; `rate_limits`, `courier.dispatcher` and `hashers.argon2`
// units are ours. Defaults live here and nowhere else.

const duration = (defaultValue: string): object => ({
  type: "string",
  pattern: durationPattern,
  default: defaultValue,
});
const url = (defaultValue?: string): object => ({
  type: "string",
  format: "uri",
  ...(defaultValue ? { default: defaultValue } : {}),
});
const enabled = (defaultValue: boolean): object => ({
  type: "object",
  additionalProperties: false,
  default: {},
  properties: { enabled: { type: "boolean", default: defaultValue } },
});
const flowUi = (path: string, lifespan = "1h"): Record<string, object> => ({
  ui_url: url(`http://localhost:3000${path}`),
  lifespan: duration(lifespan),
});
const obj = (properties: Record<string, object>, extra: object = {}): object => ({
  type: "object",
  additionalProperties: false,
  default: {},
  properties,
  ...extra,
});
const hookList = (defaults: string[]): object => ({
  type: "array",
  default: defaults.map((hook) => ({ hook })),
  items: obj({
    hook: {
      type: "string",
      enum: [
        "session",
        "show_verification_ui",
        "require_verified_address",
        "revoke_active_sessions",
      ],
    },
  }),
});
const limit = (max: number, window: string): object =>
  obj({ max: { type: "integer", minimum: 1, default: max }, window: duration(window) });

// One social sign-in provider (Kratos's `selfservice.methods.oidc.config.providers[]`). Each
// kind brings its own defaults; `mapper` replaces Kratos's Jsonnet `mapper_url` with a
// declarative map from trait paths to claim names (see strategies/oidc/mapper.ts).
const oidcProviderDefaults: Record<string, Record<string, object>> = {
  google: {
    label: { default: "Google" },
    issuer_url: { default: "https://accounts.google.com" },
    scope: { default: ["openid", "email", "profile"] },
    fedcm_config_url: { default: "https://accounts.google.com/gsi/fedcm.json" },
  },
  apple: {
    label: { default: "Apple" },
    issuer_url: { default: "https://appleid.apple.com" },
    scope: { default: ["openid", "email", "name"] },
    response_mode: { default: "form_post" },
  },
  facebook: {
    label: { default: "Facebook" },
    issuer_url: { default: "https://www.facebook.com" },
    auth_url: { default: "https://www.facebook.com/v19.0/dialog/oauth" },
    token_url: { default: "https://graph.facebook.com/v19.0/oauth/access_token" },
    userinfo_url: { default: "https://graph.facebook.com/me" },
    scope: { default: ["email", "public_profile"] },
  },
};
const oidcRequired: Record<string, string[]> = {
  google: ["client_secret"],
  apple: ["apple_team_id", "apple_private_key_id", "apple_private_key"],
  facebook: ["client_secret"],
  generic: ["issuer_url", "label"],
};
const oidcProvider = obj(
  {
    id: { type: "string", pattern: "^[a-z0-9][a-z0-9_-]{0,63}$" },
    provider: { type: "string", enum: ["google", "apple", "facebook", "generic"] },
    label: { type: "string", minLength: 1 },
    client_id: { type: "string", minLength: 1 },
    client_secret: { type: "string", minLength: 1 },
    issuer_url: url(),
    auth_url: url(),
    token_url: url(),
    userinfo_url: url(),
    scope: { type: "array", items: { type: "string", minLength: 1 }, default: ["openid", "email"] },
    mapper: {
      type: "object",
      default: {
        "traits.email": "email",
        "traits.name.first": "given_name",
        "traits.name.last": "family_name",
      },
      propertyNames: { pattern: "^traits(\\.[^.]+)+$" },
      additionalProperties: {
        anyOf: [
          { type: "string", minLength: 1 },
          { type: "array", minItems: 1, items: { type: "string", minLength: 1 } },
        ],
      },
    },
    response_mode: { type: "string", enum: ["query", "form_post"], default: "query" },
    apple_team_id: { type: "string", minLength: 1 },
    apple_private_key_id: { type: "string", minLength: 1 },
    apple_private_key: { type: "string", minLength: 1 },
    fedcm_config_url: url(),
  },
  {
    required: ["id", "provider", "client_id"],
    allOf: ["google", "apple", "facebook", "generic"].map((kind) => ({
      if: { required: ["provider"], properties: { provider: { const: kind } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
      then: {
        ...(oidcRequired[kind] ? { required: oidcRequired[kind] } : {}),
        properties: oidcProviderDefaults[kind] ?? {},
      },
    })),
  },
);

// One `session.whoami.tokenizer.templates.<name>` entry. Kratos maps claims with a Jsonnet
// program (`claims_mapper_url`); we take a declarative map instead (see session/tokenize.ts).
const tokenizeTemplate = obj(
  {
    ttl: duration("1m"),
    jwks_url: { type: "string", pattern: "^(base64|file)://" },
    claims: {
      type: "object",
      default: {},
      propertyNames: { not: { enum: ["sub", "sid", "iss", "iat", "nbf", "exp", "jti"] } },
      additionalProperties: { type: "string", pattern: "^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$" },
    },
  },
  { required: ["jwks_url"] },
);

// The WebAuthn relying party of `selfservice.methods.{webauthn,passkey}.config.rp`, required
// (id and display_name) when the method is on, as in Kratos. `origins` defaults to the public
// base URL's scheme with the RP id (strategies/webauthn/relying-party.ts).
const relyingParty = obj({
  id: { type: "string", minLength: 1 },
  display_name: { type: "string", minLength: 1 },
  origins: { type: "array", items: { type: "string", format: "uri" } },
});
const requiresRelyingParty = {
  if: { required: ["enabled"], properties: { enabled: { const: true } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
  then: {
    required: ["config"],
    properties: {
      config: { required: ["rp"], properties: { rp: { required: ["id", "display_name"] } } },
    },
  },
};

// Peers whose X-Forwarded-For / X-Forwarded-Proto are believed: IPs or CIDRs. The default is
// the loopback addresses, where the web app's proxy runs in the default setup.
const trustedProxies = {
  type: "array",
  items: { type: "string", format: "ip-or-cidr" },
  default: ["127.0.0.1", "::1"],
};

export const configSchema = obj({
  dev: { type: "boolean", default: false },
  dsn: { type: "string", default: "pglite://.data/identity" },
  // How many instances share this database (ours): more than one needs PostgreSQL.
  instances: { type: "integer", minimum: 1, default: 1 },
  // `serve` applies pending schema migrations before it listens; operators who migrate as a
  // release step (`main.ts migrate`) turn it off, and serve then refuses an outdated schema.
  auto_migrate: { type: "boolean", default: true },
  log: obj({
    level: {
      type: "string",
      enum: ["trace", "debug", "info", "warn", "error", "fatal"],
      default: "info",
    },
  }),
  serve: obj({
    public: obj({
      base_url: url("http://127.0.0.1:4433/"),
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "integer", minimum: 0, maximum: 65535, default: 4433 },
      request_log: { type: "boolean", default: false },
      trusted_proxies: trustedProxies,
      // Kratos's keys and defaults (kratos-config.schema.json). Origins: exact, one `*` for a
      // subdomain part (https://*.example.com), or `*` alone; see http/cors-origins.ts.
      cors: obj({
        enabled: { type: "boolean", default: false },
        allowed_origins: {
          type: "array",
          uniqueItems: true,
          default: ["*"],
          items: {
            type: "string",
            minLength: 1,
            not: { type: "string", pattern: ".*\\*.*\\*.*" },
            anyOf: [{ type: "string", format: "uri" }, { const: "*" }],
          },
        },
        allowed_methods: {
          type: "array",
          default: ["POST", "GET", "PUT", "PATCH", "DELETE"],
          items: {
            type: "string",
            enum: ["POST", "GET", "PUT", "PATCH", "DELETE", "CONNECT", "HEAD", "OPTIONS", "TRACE"],
          },
        },
        allowed_headers: {
          type: "array",
          default: [
            "Authorization",
            "Content-Type",
            "Max-Age",
            "X-Session-Token",
            "X-XSRF-TOKEN",
            "X-CSRF-TOKEN",
          ],
          items: { type: "string" },
        },
        exposed_headers: { type: "array", default: ["Content-Type"], items: { type: "string" } },
        allow_credentials: { type: "boolean", default: true },
        options_passthrough: { type: "boolean", default: false },
        max_age: { type: "integer", minimum: 0, default: 0 },
        debug: { type: "boolean", default: false },
      }),
    }),
    admin: obj({
      base_url: url("http://127.0.0.1:4434/"),
      host: { type: "string", default: "127.0.0.1" },
      port: { type: "integer", minimum: 0, maximum: 65535, default: 4434 },
      token: { type: "string", minLength: 16, default: "insecure-admin-token-change-me" },
      request_log: { type: "boolean", default: false },
      trusted_proxies: trustedProxies,
    }),
    // On SIGTERM/SIGINT: how long in-flight requests and courier sends may take to finish.
    shutdown_timeout: duration("10s"),
  }),
  secrets: obj({
    default: {
      type: "array",
      minItems: 1,
      items: { type: "string", minLength: 16 },
      default: ["insecure-default-secret-change-me"],
    },
  }),
  cookies: obj({
    domain: { type: "string", default: "" },
    path: { type: "string", default: "/" },
    same_site: { type: "string", enum: ["Lax", "Strict", "None"], default: "Lax" },
  }),
  session: obj({
    lifespan: duration("720h"),
    cookie: obj({
      name: { type: "string", default: "ory_kratos_session" },
      domain: { type: "string", default: "" },
      same_site: { type: "string", enum: ["Lax", "Strict", "None"], default: "Lax" },
    }),
    whoami: obj({
      required_aal: {
        type: "string",
        enum: ["aal1", "highest_available"],
        default: "highest_available",
      },
      tokenizer: obj({
        templates: { type: "object", default: {}, additionalProperties: tokenizeTemplate },
      }),
    }),
  }),
  identity: obj({
    default_schema_id: { type: "string", default: "default" },
    schemas: {
      type: "array",
      minItems: 1,
      default: [{ id: "default", url: "file://identity.schema.json" }],
      items: obj(
        { id: { type: "string", minLength: 1 }, url: { type: "string", minLength: 1 } },
        { required: ["id", "url"] },
      ),
    },
  }),
  hashers: obj({
    algorithm: { type: "string", enum: ["argon2"], default: "argon2" },
    argon2: obj({
      memory_kib: { type: "integer", minimum: 1024, default: 19456 },
      iterations: { type: "integer", minimum: 1, default: 2 },
      parallelism: { type: "integer", minimum: 1, default: 1 },
    }),
  }),
  selfservice: obj({
    default_browser_return_url: url("http://localhost:3000/"),
    allowed_return_urls: { type: "array", items: { type: "string" }, default: [] },
    methods: obj({
      password: obj({
        enabled: { type: "boolean", default: true },
        config: obj({
          min_password_length: { type: "integer", minimum: 6, default: 8 },
          max_password_length: { type: "integer", minimum: 8, maximum: 4096, default: 1024 },
          identifier_similarity_check_enabled: { type: "boolean", default: true },
          haveibeenpwned_enabled: { type: "boolean", default: true },
          haveibeenpwned_host: url("https://api.pwnedpasswords.com"),
          haveibeenpwned_timeout: duration("1s"),
          max_breaches: { type: "integer", minimum: 0, default: 0 },
          // Kratos's password migration hook: asks the old shop once whether a password is right.
          migrate_hook: obj(
            {
              enabled: { type: "boolean", default: false },
              config: obj({
                url: url(),
                method: { type: "string", enum: ["POST"], default: "POST" },
                headers: {
                  type: "object",
                  default: {},
                  additionalProperties: { type: "string" },
                },
                timeout: duration("10s"),
              }),
            },
            {
              if: { required: ["enabled"], properties: { enabled: { const: true } } },
              // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a thenable
              then: { required: ["config"], properties: { config: { required: ["url"] } } },
            },
          ),
        }),
      }),
      profile: enabled(true),
      code: obj({
        enabled: { type: "boolean", default: true },
        passwordless_enabled: { type: "boolean", default: false },
        config: obj({
          lifespan: duration("10m"),
          max_submissions: { type: "integer", minimum: 1, default: 5 },
        }),
      }),
      link: obj({
        enabled: { type: "boolean", default: false },
        config: obj({ lifespan: duration("1h") }),
      }),
      totp: obj({
        enabled: { type: "boolean", default: false },
        // The name authenticator apps show; unset: the public base URL's host name (Kratos).
        config: obj({ issuer: { type: "string", minLength: 1 } }),
      }),
      lookup_secret: enabled(false),
      webauthn: obj(
        {
          enabled: { type: "boolean", default: false },
          config: obj({
            // Security keys as a first factor are not built: passkeys cover sign-in without a
            // password, so a key is always a second factor here.
            passwordless: { type: "boolean", const: false, default: false },
            rp: relyingParty,
          }),
        },
        requiresRelyingParty,
      ),
      passkey: obj(
        {
          enabled: { type: "boolean", default: false },
          config: obj({ rp: relyingParty }),
        },
        requiresRelyingParty,
      ),
      oidc: obj({
        enabled: { type: "boolean", default: false },
        config: obj({ providers: { type: "array", default: [], items: oidcProvider } }),
      }),
    }),
    flows: obj({
      error: obj({ ui_url: url("http://localhost:3000/error") }),
      login: obj({
        ...flowUi("/login"),
        style: {
          type: "string",
          enum: ["identifier_first", "unified"],
          default: "identifier_first",
        },
        after: obj({
          default_browser_return_url: url(),
          hooks: hookList(["require_verified_address"]),
        }),
      }),
      registration: obj({
        ...flowUi("/registration"),
        enabled: { type: "boolean", default: true },
        style: { type: "string", enum: ["profile_first", "unified"], default: "profile_first" },
        after: obj({
          default_browser_return_url: url(),
          password: obj({ hooks: hookList(["session", "show_verification_ui"]) }),
          oidc: obj({ hooks: hookList(["session", "show_verification_ui"]) }),
          code: obj({ hooks: hookList(["session"]) }),
          passkey: obj({ hooks: hookList(["session", "show_verification_ui"]) }),
        }),
      }),
      settings: obj({
        ...flowUi("/settings"),
        privileged_session_max_age: duration("15m"),
        required_aal: {
          type: "string",
          enum: ["aal1", "highest_available"],
          default: "highest_available",
        },
        after: obj({ default_browser_return_url: url() }),
      }),
      recovery: obj({
        ...flowUi("/recovery"),
        enabled: { type: "boolean", default: true },
        use: { type: "string", enum: ["code", "link"], default: "code" },
      }),
      verification: obj({
        ...flowUi("/verification"),
        enabled: { type: "boolean", default: true },
        use: { type: "string", enum: ["code", "link"], default: "code" },
        after: obj({ default_browser_return_url: url() }),
      }),
      logout: obj({ after: obj({ default_browser_return_url: url() }) }),
    }),
  }),
  courier: obj({
    smtp: obj({
      connection_uri: { type: "string", default: "smtp://127.0.0.1:1025/?disable_starttls=true" },
      from_address: { type: "string", format: "email", default: "no-reply@moos.local" },
      from_name: { type: "string", default: "Moos" },
    }),
    dispatcher: obj({
      enabled: { type: "boolean", default: true },
      poll_interval: duration("1s"),
      lease: duration("1m"),
      max_attempts: { type: "integer", minimum: 1, default: 8 },
      batch_size: { type: "integer", minimum: 1, default: 10 },
    }),
  }),
  // Ours, not Kratos's: events for the shop, delivered from the courier's outbox.
  webhooks: obj({
    secret: { type: "string", minLength: 16 },
    endpoints: {
      type: "array",
      default: [],
      items: obj(
        {
          url: url(),
          events: {
            type: "array",
            minItems: 1,
            items: { type: "string", enum: ["newsletter.consent_changed", "identity.deleted"] },
          },
        },
        { required: ["url", "events"] },
      ),
    },
    timeout: duration("10s"),
    max_attempts: { type: "integer", minimum: 1, default: 15 },
    retry_backoff: obj({ initial: duration("10s"), max: duration("1h") }),
  }),
  // Ours, not Kratos's: account safety (issue 13). Security notices by email, the links they
  // carry, the safe email change, trusted devices and the account activity.
  security: obj({
    notices: obj({
      enabled: { type: "boolean", default: true },
      // The time zone the notices' times are written in (an IANA name).
      time_zone: { type: "string", minLength: 1, default: "Europe/Berlin" },
    }),
    not_me: obj({
      ui_url: url("http://localhost:3000/security/not-me"),
      lifespan: duration("168h"),
    }),
    email_change: obj({
      lifespan: duration("24h"),
      undo: obj({
        ui_url: url("http://localhost:3000/security/undo-email-change"),
        lifespan: duration("168h"),
      }),
    }),
    trusted_devices: obj({
      cookie_name: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$", default: "moos_device" },
      lifespan: duration("9600h"),
    }),
    activity: obj({
      ui_url: url("http://localhost:3000/settings/activity"),
      retention: duration("2160h"),
    }),
  }),
  rate_limits: obj({
    submit_per_ip: limit(60, "1m"),
    flow_init_per_ip: limit(120, "1m"),
    login_failures: obj({
      delay_after: { type: "integer", minimum: 1, default: 5 },
      base_delay: duration("1s"),
      max_delay: duration("30s"),
      max_per_day: { type: "integer", minimum: 1, default: 100 },
    }),
    code_emails_per_address: limit(5, "15m"),
  }),
  body_limit_bytes: { type: "integer", minimum: 1024, default: 65536 },
  // Kratos's `oauth2_provider`: the OAuth2 server's admin API (Ory Hydra, or apps/oauth2, which
  // speaks Hydra's). With a URL, login and registration take `login_challenge` and accept the
  // login request after sign-in (oauth2/oauth2-provider.ts).
  oauth2_provider: obj({
    url: url(),
    headers: { type: "object", default: {}, additionalProperties: { type: "string" } },
    override_return_to: { type: "boolean", default: false },
  }),
});
