import type { HookName } from "./config.ts";
import { durationPattern } from "./duration.ts";

// The config file's JSON Schema. Keys follow kratos.yml wherever Kratos has one, so a Kratos
// operator finds them where they expect; `rate_limits`, `courier.dispatcher` and `hashers.argon2`
// units are ours. Defaults live here and nowhere else, and so does each key's `description`:
// docs/configuration.md is generated from them (`npm run docs:config`), and `npm run lint`
// fails when a key has none or the committed reference is out of date.

const duration = (defaultValue: string, description: string): object => ({
  type: "string",
  pattern: durationPattern,
  default: defaultValue,
  description,
});
const url = (description: string, defaultValue?: string): object => ({
  type: "string",
  format: "uri",
  ...(defaultValue ? { default: defaultValue } : {}),
  description,
});
const enabled = (defaultValue: boolean, description: string): object => ({
  type: "object",
  additionalProperties: false,
  default: {},
  properties: { enabled: { type: "boolean", default: defaultValue, description } },
});
const flowUi = (flow: string, lifespan = "1h"): Record<string, object> => ({
  ui_url: url(
    `The web app's ${flow} screen, where browsers are sent with \`?flow=<id>\`.`,
    `http://localhost:3000/${flow}`,
  ),
  lifespan: duration(lifespan, `How long a ${flow} flow can be completed after it starts.`),
});
const obj = (properties: Record<string, object>, extra: object = {}): object => ({
  type: "object",
  additionalProperties: false,
  default: {},
  properties,
  ...extra,
});
// Each list takes only the hooks that act where it runs (hooks/hook-executor.ts, whose test
// holds the two together), so a hook that would do nothing there is refused at start.
const hookList = (allowed: HookName[], defaults: HookName[], description: string): object => ({
  type: "array",
  default: defaults.map((hook) => ({ hook })),
  description,
  items: obj({ hook: { type: "string", enum: allowed } }, { required: ["hook"] }),
});
const limit = (max: number, window: string, counted: string): object =>
  obj({
    max: {
      type: "integer",
      minimum: 1,
      default: max,
      description: `How many ${counted} one window allows; more answer 429.`,
    },
    window: duration(window, `The window ${counted} are counted in.`),
  });

// A bot-defence threshold; `why` says why its defaults spare real customers (an office or a
// carrier's NAT puts many behind one address, a newsletter brings a wave of real people).
const threshold = (
  defaults: { challengeFrom: number; refuseFrom: number },
  counted: string,
  why: { challenge: string; refuse: string },
): object =>
  obj({
    challenge_from: {
      type: "integer",
      minimum: 1,
      default: defaults.challengeFrom,
      description: `From this many ${counted}, submits meet a challenge; each doubling one level harder. ${why.challenge}`,
    },
    refuse_from: {
      type: "integer",
      minimum: 1,
      default: defaults.refuseFrom,
      description: `From this many ${counted}, submits are refused. ${why.refuse}`,
    },
  });

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
    id: {
      type: "string",
      pattern: "^[a-z0-9][a-z0-9_-]{0,63}$",
      description: "Lower-case id in callback URLs, node values and sessions (`google`).",
    },
    provider: {
      type: "string",
      enum: ["google", "apple", "facebook", "generic"],
      description: "The kind of provider; `generic` is any OpenID provider.",
    },
    label: {
      type: "string",
      minLength: 1,
      description: 'The name in "Sign in with {provider}"; required for generic.',
    },
    client_id: {
      type: "string",
      minLength: 1,
      description: "The app registered at the provider (for Apple: the Services ID).",
    },
    client_secret: {
      type: "string",
      minLength: 1,
      description:
        "The app's secret: required for Google and Facebook, optional for generic, none for Apple (its client secret is an ES256 JWT made per request, valid 5 minutes).",
    },
    issuer_url: url(
      "Discovery starts here; accounts are keyed on (issuer, subject). Required for generic.",
    ),
    auth_url: url("Overrides discovery's authorization endpoint (Facebook has no discovery)."),
    token_url: url("Overrides discovery's token endpoint (Facebook has no discovery)."),
    userinfo_url: url("Facebook's Graph `/me`, called with `appsecret_proof`."),
    scope: {
      type: "array",
      items: { type: "string", minLength: 1 },
      default: ["openid", "email"],
      description: "The scopes asked for.",
    },
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
      description:
        "Claims to traits: each key is a trait path, each value a claim name, a dotted path into the claims (`address.country`) or a list of names tried in order.",
    },
    response_mode: {
      type: "string",
      enum: ["query", "form_post"],
      default: "query",
      description: "How the provider returns to the callback.",
    },
    apple_team_id: {
      type: "string",
      minLength: 1,
      description: "Apple only (required): your Team ID.",
    },
    apple_private_key_id: {
      type: "string",
      minLength: 1,
      description: 'Apple only (required): the Key ID of the "Sign in with Apple" key.',
    },
    apple_private_key: {
      type: "string",
      minLength: 1,
      description: "Apple only (required): the `.p8` key (PEM), downloaded once from Apple.",
    },
    fedcm_config_url: url(
      "Listed by `GET /self-service/fed-cm/parameters` for FedCM (Google One Tap).",
    ),
  },
  {
    title: "Social sign-in provider",
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
    ttl: duration("1m", "The token's lifetime (`exp` = `iat` + ttl)."),
    jwks_url: {
      type: "string",
      pattern: "^(base64|file)://",
      description:
        "The signing keys as Kratos takes them: `base64://<JWKS JSON>` or `file://<path>` (relative to the config file); the first key signs and must carry `alg` (e.g. `ES256`, `RS256`) and may carry `kid`.",
    },
    claims: {
      type: "object",
      default: {},
      propertyNames: { not: { enum: ["sub", "sid", "iss", "iat", "nbf", "exp", "jti"] } },
      additionalProperties: { type: "string", pattern: "^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$" },
      description:
        'Claim name to a dotted path into the session JSON, e.g. `{"email": "identity.traits.email", "aal": "authenticator_assurance_level"}`; the standard claims cannot be overridden.',
    },
  },
  { title: "Session token template", required: ["jwks_url"] },
);

// The WebAuthn relying party of `selfservice.methods.{webauthn,passkey}.config.rp`, required
// (id and display_name) when the method is on, as in Kratos. `origins` defaults to the public
// base URL's scheme with the RP id (strategies/webauthn/relying-party.ts).
const relyingParty = obj({
  id: {
    type: "string",
    minLength: 1,
    description:
      "Required when enabled: the WebAuthn relying party id, the site's domain (`localhost`).",
  },
  display_name: {
    type: "string",
    minLength: 1,
    description: "Required when enabled: the name authenticators show (`Moos`).",
  },
  origins: {
    type: "array",
    items: { type: "string", format: "uri" },
    description:
      'The origins ceremonies may come from: the web app\'s (`["http://localhost:3000"]`). Unset: `["<scheme of serve.public.base_url>://<rp.id>"]`.',
  },
  related_origins: {
    type: "array",
    items: { type: "string", format: "uri" },
    default: [],
    description:
      "Other sites that may sign in with this relying party's passkeys and keys (WebAuthn related origin requests), e.g. the shop's `[\"https://www.moos-shop.de\"]`: listed at `/.well-known/webauthn` of the RP id's host, and their assertions are accepted. Registrations still come from `origins` only. Empty: none.",
  },
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
  description:
    "IPs or CIDRs whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed (the web apps' and nginx's addresses); never `0.0.0.0/0`.",
};

const sameSite = (description: string): object => ({
  type: "string",
  enum: ["Lax", "Strict", "None"],
  default: "Lax",
  description,
});
const requiredAal = (description: string): object => ({
  type: "string",
  enum: ["aal1", "highest_available"],
  default: "highest_available",
  description,
});
const afterReturnUrl = (flow: string): object =>
  url(
    `Where a browser goes after a ${flow} without \`return_to\`. Unset: \`selfservice.default_browser_return_url\`.`,
  );
const registrationHooks = (method: string, defaults: HookName[]): object =>
  obj({
    hooks: hookList(
      ["session", "show_verification_ui"],
      defaults,
      `What runs after a sign-up with ${method}.`,
    ),
  });

export const configSchema = obj({
  dev: {
    type: "boolean",
    default: false,
    description:
      "Development mode: the production checks (an insecure configuration refused at start) are off. Never in production.",
  },
  dsn: {
    type: "string",
    default: "pglite://.data/identity",
    description:
      "The database: `pglite://<folder>` (embedded PGlite, one instance only), `memory://` (tests) or `postgres://user:pass@host:port/db` (production; several instances may share it). `DATABASE_URL` sets it too.",
  },
  // How many instances share this database (ours): more than one needs PostgreSQL.
  instances: {
    type: "integer",
    minimum: 1,
    default: 1,
    description: "How many instances share this database; more than one needs PostgreSQL.",
  },
  // `serve` applies pending schema migrations before it listens; operators who migrate as a
  // release step (`main.ts migrate`) turn it off, and serve then refuses an outdated schema.
  auto_migrate: {
    type: "boolean",
    default: true,
    description:
      "`serve` applies pending migrations at start; `false`: it refuses an outdated schema, run `migrate` first.",
  },
  // Ours: how long a request may wait for PostgreSQL before it is answered 503 (the embedded
  // database runs in the process and needs no bound).
  database: obj(
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
      description:
        "PostgreSQL connections: the bounds within which an unreachable database becomes a 503.",
    },
  ),
  // Ours, what `kratos cleanup sql` does as a command: expired rows pruned in the background
  // (docs/production.md#pruning-expired-rows).
  cleanup: obj(
    {
      enabled: {
        type: "boolean",
        default: true,
        description:
          "This instance prunes expired rows every `interval` (one instance at a time on a shared PostgreSQL); `false`: run `main.ts cleanup` from cron instead.",
      },
      interval: duration(
        "1h",
        "Time between two sweeps of an instance, give or take a tenth (so instances started together spread out). At least 1s.",
      ),
      keep: duration(
        "168h",
        "How long expired flows, sessions, codes, links and email changes, and sent or abandoned emails and webhooks, stay before they are deleted: 7 days, so support can still look up a flow, code or email a customer reports a few days later. Rate-limit counters (they hold client addresses) go an hour after their window ends, whatever this says.",
      ),
      batch_size: {
        type: "integer",
        minimum: 1,
        maximum: 100000,
        default: 1000,
        description:
          "Rows one statement deletes: small enough that no statement holds many locks or runs long on a busy table.",
      },
    },
    {
      description:
        "Pruning expired rows: flows, sessions, codes, outbox messages, rate limits, and account activity past `security.activity.retention`.",
    },
  ),
  log: obj({
    level: {
      type: "string",
      enum: ["trace", "debug", "info", "warn", "error", "fatal"],
      default: "info",
      description: "The lowest level written to the JSON log.",
    },
  }),
  app_env: {
    type: "string",
    enum: ["local", "development", "staging", "production"],
    default: "production",
    description:
      "Where this instance runs: `local`, `development`, `staging` or `production` (`APP_ENV`, as the web app and the OpenID provider read it). Error reports are never sent from `local`, whatever `sentry.dsn` says.",
  },
  sentry: obj(
    {
      dsn: {
        type: "string",
        description:
          "Sentry DSN for error reports of unexpected errors (answers with status 500); `SENTRY_DSN` sets it too. Unset: no reports, and the Sentry SDK is not loaded. A report carries the error, the service, the request id and the trace id, never personal data.",
      },
    },
    { description: "Error reports (Sentry)." },
  ),
  serve: obj({
    public: obj({
      base_url: url(
        "The public API's URL as browsers and apps reach it; https makes cookies `Secure` and `__Host-` prefixed and adds HSTS.",
        "http://127.0.0.1:4433/",
      ),
      host: {
        type: "string",
        default: "127.0.0.1",
        description: "The address the public API listens on.",
      },
      port: {
        type: "integer",
        minimum: 0,
        maximum: 65535,
        default: 4433,
        description: "The port the public API listens on.",
      },
      request_log: {
        type: "boolean",
        default: false,
        description: "One JSON access line per request on the public API.",
      },
      trusted_proxies: trustedProxies,
      // Kratos's keys and defaults (kratos-config.schema.json). Origins: exact, one `*` for a
      // subdomain part (https://*.example.com), or `*` alone; see http/cors-origins.ts.
      cors: obj({
        enabled: {
          type: "boolean",
          default: false,
          description: "Answers cross-origin calls to the public API (off unless enabled).",
        },
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
          description:
            "Exact origins, one `*` for a subdomain part as in `https://*.moos.de`, or `*` alone: every origin, never with credentials.",
        },
        allowed_methods: {
          type: "array",
          default: ["POST", "GET", "PUT", "PATCH", "DELETE"],
          items: {
            type: "string",
            enum: ["POST", "GET", "PUT", "PATCH", "DELETE", "CONNECT", "HEAD", "OPTIONS", "TRACE"],
          },
          description: "The methods a preflight allows.",
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
          description: "The request headers a preflight allows.",
        },
        exposed_headers: {
          type: "array",
          default: ["Content-Type"],
          items: { type: "string" },
          description: "The answer headers a cross-origin script may read.",
        },
        allow_credentials: {
          type: "boolean",
          default: true,
          description: "Cookies, for named origins only.",
        },
        options_passthrough: {
          type: "boolean",
          default: false,
          description:
            "Hands preflights on to the routes instead of answering them (Kratos's key).",
        },
        max_age: {
          type: "integer",
          minimum: 0,
          default: 0,
          description: "Seconds a preflight may be cached; 0 sends no `Access-Control-Max-Age`.",
        },
        debug: {
          type: "boolean",
          default: false,
          description: "Logs each decision: origin, verdict.",
        },
      }),
    }),
    admin: obj({
      base_url: url("The admin API's URL as its callers reach it.", "http://127.0.0.1:4434/"),
      host: {
        type: "string",
        default: "127.0.0.1",
        description: "The address the admin API listens on; keep it private.",
      },
      port: {
        type: "integer",
        minimum: 0,
        maximum: 65535,
        default: 4434,
        description: "The port the admin API (and `GET /metrics`) listens on.",
      },
      token: {
        type: "string",
        minLength: 16,
        default: "insecure-admin-token-change-me",
        description:
          "The bearer token every `/admin` call must send; at least 32 characters outside dev mode. `SERVE_ADMIN_TOKEN` may carry it instead of the file.",
      },
      request_log: {
        type: "boolean",
        default: false,
        description: "One JSON access line per request on the admin API.",
      },
      trusted_proxies: trustedProxies,
    }),
    // On SIGTERM/SIGINT: how long in-flight requests and courier sends may take to finish.
    shutdown_timeout: duration(
      "10s",
      "How long in-flight requests and courier sends may finish after SIGTERM.",
    ),
  }),
  secrets: obj({
    default: {
      type: "array",
      minItems: 1,
      items: { type: "string", minLength: 16 },
      default: ["insecure-default-secret-change-me"],
      description:
        "Signs and encrypts CSRF tokens, codes, links and tokens; each at least 32 characters outside dev mode. The first signs, all verify: rotate by putting the new one first and keeping the old one until its sessions expire. `SECRETS_DEFAULT` may carry them instead of the file.",
    },
  }),
  cookies: obj({
    domain: {
      type: "string",
      default: "",
      description: "The cookies' Domain; empty: host-only cookies.",
    },
    path: { type: "string", default: "/", description: "The cookies' Path." },
    same_site: sameSite("The cookies' SameSite attribute."),
  }),
  session: obj({
    lifespan: duration(
      "720h",
      "How long a session lasts (30 days: shop customers stay signed in).",
    ),
    cookie: obj({
      name: {
        type: "string",
        default: "ory_kratos_session",
        description: "The session cookie's name (`__Host-` prefixed behind https).",
      },
      domain: {
        type: "string",
        default: "",
        description: "The session cookie's Domain; empty: `cookies.domain`.",
      },
      same_site: sameSite("The session cookie's SameSite attribute."),
    }),
    whoami: obj({
      required_aal: requiredAal(
        "`highest_available`: whoami answers 403 `session_aal2_required` for a session below the identity's highest level; `aal1`: any session.",
      ),
      tokenizer: obj({
        templates: {
          type: "object",
          default: {},
          additionalProperties: tokenizeTemplate,
          description:
            "Name to template for `GET /sessions/whoami?tokenize_as=<name>` (a session token template, below).",
        },
      }),
    }),
  }),
  identity: obj({
    default_schema_id: {
      type: "string",
      default: "default",
      description: "The identity schema new identities get.",
    },
    schemas: {
      type: "array",
      minItems: 1,
      default: [{ id: "default", url: "file://identity.schema.json" }],
      items: obj(
        { id: { type: "string", minLength: 1 }, url: { type: "string", minLength: 1 } },
        { required: ["id", "url"] },
      ),
      description: "The identity schemas by id; `file://` URLs are relative to the config file.",
    },
  }),
  hashers: obj({
    algorithm: {
      type: "string",
      enum: ["argon2"],
      default: "argon2",
      description:
        "How new passwords are hashed (argon2id); imported hashes are rehashed on sign-in.",
    },
    argon2: obj({
      memory_kib: {
        type: "integer",
        minimum: 1024,
        default: 19456,
        description: "argon2id memory in KiB (19 MiB, OWASP's recommendation).",
      },
      iterations: {
        type: "integer",
        minimum: 1,
        default: 2,
        description: "argon2id passes.",
      },
      parallelism: {
        type: "integer",
        minimum: 1,
        default: 1,
        description: "argon2id lanes.",
      },
    }),
  }),
  selfservice: obj({
    default_browser_return_url: url(
      "Where browsers go after a flow without `return_to`: the web app's root.",
      "http://localhost:3000/",
    ),
    allowed_return_urls: {
      type: "array",
      items: { type: "string" },
      default: [],
      description:
        "`return_to` targets allowed besides the public API: scheme, host (`*.` wildcards) and path prefix; list every client's URLs.",
    },
    methods: obj({
      password: obj({
        enabled: { type: "boolean", default: true, description: "Passwords." },
        config: obj({
          min_password_length: {
            type: "integer",
            minimum: 6,
            default: 8,
            description:
              "The shortest password, in code points; below 8 is refused outside dev mode (NIST 800-63B).",
          },
          max_password_length: {
            type: "integer",
            minimum: 8,
            maximum: 4096,
            default: 1024,
            description: "The longest password, in code points.",
          },
          identifier_similarity_check_enabled: {
            type: "boolean",
            default: true,
            description: "Refuses a password too similar to the email address (4000031).",
          },
          haveibeenpwned_enabled: {
            type: "boolean",
            default: true,
            description: "Refuses passwords known from breaches (Have I Been Pwned, k-anonymity).",
          },
          haveibeenpwned_host: url("The breach database's API.", "https://api.pwnedpasswords.com"),
          haveibeenpwned_timeout: duration(
            "1s",
            "How long the breach check may take; a timeout or network error lets the password pass.",
          ),
          max_breaches: {
            type: "integer",
            minimum: 0,
            default: 0,
            description: "How many breaches a password may appear in (4000034 above).",
          },
          // Kratos's password migration hook: asks the old shop once whether a password is right.
          migrate_hook: obj(
            {
              enabled: {
                type: "boolean",
                default: false,
                description:
                  "Asks the old shop once on sign-in whether the password of an identity imported with `use_password_migration_hook` is right.",
              },
              config: obj({
                url: url(
                  'Required when enabled: gets `POST {"identifier", "password"}`; only a 200 `{"status": "password_match"}` signs in. Outside dev mode https unless loopback (it carries passwords).',
                ),
                method: {
                  type: "string",
                  enum: ["POST"],
                  default: "POST",
                  description: "The hook's HTTP method.",
                },
                headers: {
                  type: "object",
                  default: {},
                  additionalProperties: { type: "string" },
                  description: "Headers sent with every call (e.g. a token).",
                },
                timeout: duration("10s", "How long the old shop may take to answer."),
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
      profile: enabled(true, "Changing traits (name, email) in settings."),
      code: obj({
        enabled: {
          type: "boolean",
          default: true,
          description: "One-time codes by email: recovery, verification, sign-up by code.",
        },
        passwordless_enabled: {
          type: "boolean",
          default: false,
          description: 'Sign-in by a code by email ("Mit einem Code anmelden").',
        },
        config: obj({
          lifespan: duration("10m", "How long an emailed code works."),
          max_submissions: {
            type: "integer",
            minimum: 1,
            default: 5,
            description: "Wrong tries per flow before the code stops working.",
          },
        }),
      }),
      link: obj({
        enabled: {
          type: "boolean",
          default: false,
          description: "Recovery and verification by emailed link; needed for `use: link`.",
        },
        config: obj({
          lifespan: duration("1h", "How long a link works (single use, HMAC-stored)."),
        }),
      }),
      totp: obj({
        enabled: {
          type: "boolean",
          default: false,
          description: "Authenticator apps (TOTP, RFC 6238) as a second factor.",
        },
        // The name authenticator apps show; unset: the public base URL's host name (Kratos).
        config: obj({
          issuer: {
            type: "string",
            minLength: 1,
            description:
              "The name authenticator apps show. Unset: the host name of `serve.public.base_url`.",
          },
        }),
      }),
      lookup_secret: enabled(false, "Backup codes (12, each usable once) as a second factor."),
      webauthn: obj(
        {
          enabled: {
            type: "boolean",
            default: false,
            description: "Security keys as a second factor.",
          },
          config: obj({
            // Security keys as a first factor are not built: passkeys cover sign-in without a
            // password, so a key is always a second factor here.
            passwordless: {
              type: "boolean",
              const: false,
              default: false,
              description: "Only `false`: passkeys are the passwordless way.",
            },
            rp: relyingParty,
          }),
        },
        requiresRelyingParty,
      ),
      passkey: obj(
        {
          enabled: {
            type: "boolean",
            default: false,
            description: "Passkeys as a first factor.",
          },
          config: obj({
            rp: relyingParty,
            automatic_upgrade: {
              type: "boolean",
              default: true,
              description:
                "Right after a password sign-in, browsers that can (WebAuthn conditional create) turn the saved password into a passkey without asking (docs/sign-in-methods.md#from-password-to-passkey). Off: only the web app's offer after a sign-in remains.",
            },
          }),
        },
        requiresRelyingParty,
      ),
      oidc: obj({
        enabled: {
          type: "boolean",
          default: false,
          description: "Social sign-in (Google, Apple, Facebook, any OpenID provider).",
        },
        config: obj({
          providers: {
            type: "array",
            default: [],
            items: oidcProvider,
            description: "One object per provider (a social sign-in provider, below).",
          },
        }),
      }),
    }),
    flows: obj({
      error: obj({
        ui_url: url(
          "The web app's error screen, where browsers are sent with `?id=<error id>`.",
          "http://localhost:3000/error",
        ),
      }),
      login: obj({
        ...flowUi("login"),
        style: {
          type: "string",
          enum: ["identifier_first", "unified"],
          default: "identifier_first",
          description:
            "`identifier_first`: the email first, then the password (or the account's social providers); `unified`: one form.",
        },
        after: obj({
          default_browser_return_url: afterReturnUrl("login"),
          hooks: hookList(
            ["require_verified_address", "revoke_active_sessions"],
            ["require_verified_address"],
            "What runs after a login.",
          ),
        }),
      }),
      registration: obj({
        ...flowUi("registration"),
        enabled: { type: "boolean", default: true, description: "Sign-up." },
        style: {
          type: "string",
          enum: ["profile_first", "unified"],
          default: "profile_first",
          description:
            "`profile_first`: the traits first, then the credential; `unified`: one form.",
        },
        after: obj({
          default_browser_return_url: afterReturnUrl("sign-up"),
          password: registrationHooks("a password", ["session", "show_verification_ui"]),
          oidc: registrationHooks("a social provider", ["session", "show_verification_ui"]),
          code: registrationHooks("an email code", ["session"]),
          passkey: registrationHooks("a passkey", ["session", "show_verification_ui"]),
        }),
      }),
      settings: obj({
        ...flowUi("settings"),
        privileged_session_max_age: duration(
          "15m",
          "How recent a sign-in must be to change the password, email or second factors (also after recovery).",
        ),
        required_aal: requiredAal(
          "`highest_available`: settings need the identity's highest level; `aal1`: any session.",
        ),
        after: obj({
          default_browser_return_url: afterReturnUrl("settings change"),
          password: obj({
            hooks: hookList(
              ["revoke_active_sessions"],
              [],
              "What runs after a password is set or changed.",
            ),
          }),
        }),
      }),
      recovery: obj({
        ...flowUi("recovery"),
        // Ours: where the recovery email of a customer imported without a password leads
        // (flows/recovery/migration-email.ts). Unset, it leads to ui_url, as Kratos's UIs expect.
        migration_ui_url: url(
          "The web app's User migration screen, which the recovery email of a customer imported without a password links to with `?flow=<id>`; unset, the email links to `ui_url`.",
        ),
        enabled: { type: "boolean", default: true, description: "Account recovery." },
        use: {
          type: "string",
          enum: ["code", "link"],
          default: "code",
          description: "Recover by emailed code or by emailed link.",
        },
        after: obj({
          hooks: hookList(
            ["revoke_active_sessions"],
            [],
            "What runs after an account is recovered.",
          ),
        }),
      }),
      verification: obj({
        ...flowUi("verification"),
        enabled: { type: "boolean", default: true, description: "Email verification." },
        use: {
          type: "string",
          enum: ["code", "link"],
          default: "code",
          description: "Verify by emailed code or by emailed link.",
        },
        after: obj({ default_browser_return_url: afterReturnUrl("verification") }),
      }),
      logout: obj({ after: obj({ default_browser_return_url: afterReturnUrl("logout") }) }),
    }),
  }),
  courier: obj({
    smtp: obj({
      connection_uri: {
        type: "string",
        default: "smtp://127.0.0.1:1025/?disable_starttls=true",
        description:
          "The SMTP server (`smtp://` with STARTTLS, `smtps://`); `disable_starttls=true` or `skip_ssl_verify=true` only to a loopback host outside dev mode.",
      },
      from_address: {
        type: "string",
        format: "email",
        default: "no-reply@moos.local",
        description: "The emails' sender address.",
      },
      from_name: { type: "string", default: "Moos", description: "The emails' sender name." },
    }),
    dispatcher: obj({
      enabled: {
        type: "boolean",
        default: true,
        description: "This instance sends the outbox's emails, webhooks and jobs.",
      },
      poll_interval: duration(
        "1s",
        "Paces retries, the takeover of a dead instance's messages and the jobs (new messages wake the dispatchers at once).",
      ),
      lease: duration(
        "1m",
        "How long an instance holds a message it sends; after that another instance may take it.",
      ),
      max_attempts: {
        type: "integer",
        minimum: 1,
        default: 8,
        description: "Tries per email before it is abandoned.",
      },
      batch_size: {
        type: "integer",
        minimum: 1,
        default: 10,
        description: "Messages one poll takes.",
      },
    }),
  }),
  // Ours, not Kratos's: events for the shop, delivered from the courier's outbox.
  webhooks: obj({
    secret: {
      type: "string",
      minLength: 16,
      description:
        "Signs deliveries (`X-Moos-Signature`); unset: deliveries are not signed (refused outside dev mode while `endpoints` is not empty).",
    },
    endpoints: {
      type: "array",
      default: [],
      items: obj(
        {
          url: url("Where deliveries are POSTed."),
          events: {
            type: "array",
            minItems: 1,
            items: { type: "string", enum: ["newsletter.consent_changed", "identity.deleted"] },
            description: "The events this endpoint wants.",
          },
        },
        { title: "Webhook endpoint", required: ["url", "events"] },
      ),
      description: 'JSON list of `{"url": ..., "events": [...]}` (a webhook endpoint, below).',
    },
    timeout: duration("10s", "How long one delivery may take."),
    max_attempts: {
      type: "integer",
      minimum: 1,
      default: 15,
      description: "Tries per delivery (the defaults keep trying for about 6 hours).",
    },
    retry_backoff: obj({
      initial: duration("10s", "The first retry's delay; each next one doubles."),
      max: duration("1h", "The longest delay between retries."),
    }),
  }),
  // Ours, not Kratos's: account safety. Security notices by email, the links they carry, the
  // safe email change, trusted devices and the account activity (docs/account-safety.md).
  security: obj({
    notices: obj({
      enabled: {
        type: "boolean",
        default: true,
        description: "Security notices by email.",
      },
      // The time zone the notices' times are written in (an IANA name).
      time_zone: {
        type: "string",
        minLength: 1,
        default: "Europe/Berlin",
        description:
          "The time zone notices write times in and failed sign-ins are counted by day in; an IANA name.",
      },
    }),
    not_me: obj({
      ui_url: url(
        "The web app's \"This wasn't me\" screen.",
        "http://localhost:3000/security/not-me",
      ),
      lifespan: duration("168h", "How long a notice's link works."),
    }),
    email_change: obj({
      lifespan: duration("24h", "How long a requested email change waits for its code."),
      undo: obj({
        ui_url: url(
          "The web app's screen that undoes an email change.",
          "http://localhost:3000/security/undo-email-change",
        ),
        lifespan: duration(
          "168h",
          "How long the old address may undo a completed change (7 days).",
        ),
      }),
    }),
    trusted_devices: obj({
      cookie_name: {
        type: "string",
        pattern: "^[A-Za-z0-9_-]{1,64}$",
        default: "moos_device",
        description: "The device cookie's name (`__Host-` prefixed behind https).",
      },
      lifespan: duration(
        "9600h",
        "400 days, the most browsers keep a cookie; a device unused this long is new again.",
      ),
    }),
    activity: obj({
      ui_url: url(
        "The web app's account activity screen, named in every notice.",
        "http://localhost:3000/settings/activity",
      ),
      retention: duration(
        "2160h",
        "How long events and failed sign-ins are kept and shown (90 days); the cleanup sweep deletes them after.",
      ),
    }),
  }),
  rate_limits: obj({
    submit_per_ip: limit(60, "1m", "submits from one client address"),
    flow_init_per_ip: limit(120, "1m", "flow starts from one client address"),
    login_failures: obj({
      delay_after: {
        type: "integer",
        minimum: 1,
        default: 5,
        description: "From this failure per identifier on, each sign-in waits a doubling delay.",
      },
      base_delay: duration("1s", "The first delay."),
      max_delay: duration("30s", "The longest delay."),
      max_per_day: {
        type: "integer",
        minimum: 1,
        default: 100,
        description:
          "Failures per identifier and day; then 429 until the day's window ends (never a permanent lock).",
      },
    }),
    code_emails_per_address: limit(5, "15m", "code emails to one address"),
  }),
  // Ours, not Kratos's: what stands between a script and many accounts (docs/security.md#bot-defence).
  // Risk signals counted in the database, a proof of work (ALTCHA) whose cost grows with them,
  // and a refusal where they are overwhelming.
  bot_defence: obj({
    enabled: {
      type: "boolean",
      default: true,
      description:
        "Counts the risk signals and challenges or refuses login and registration submits above their thresholds; `false`: none of it.",
    },
    window: duration(
      "10m",
      "The window the per-address, per-network and per-target counts below are counted in.",
    ),
    ip: threshold(
      { challengeFrom: 10, refuseFrom: 100 },
      "different email addresses or identifiers submitted from one client address",
      {
        challenge:
          "An office, a shared flat or a mobile carrier's NAT puts several customers behind one address; the proof of work is solved while they type, so it may start where one person would be odd.",
        refuse:
          "A hundred different accounts from one address in the window is a script: no office or NAT address of a shop's customers comes near it.",
      },
    ),
    network: threshold(
      { challengeFrom: 20, refuseFrom: 200 },
      "different email addresses or identifiers submitted from one network (IPv4 /24, IPv6 /56)",
      {
        challenge:
          "A /24 holds up to 254 households, or a carrier's NAT pool with thousands of phones behind it.",
        refuse:
          "Ten times the challenge: only a script rotating through a network's addresses gets there.",
      },
    ),
    target: threshold(
      { challengeFrom: 10, refuseFrom: 100 },
      "submits for one email address or identifier, from anywhere",
      {
        challenge:
          "A sign-up takes a submit or two (three after a refused password) and a forgotten password a few tries more; sign-in throttling already slows the fifth failure.",
        refuse:
          "A refusal here also locks out the account's owner, so it waits for a volume no person sends: a hundred submits, the last ones at the highest level.",
      },
    ),
    surge: obj({
      factor: {
        type: "number",
        minimum: 1,
        default: 5,
        description:
          "Registration submits in the last minute at this many times the usual rate (the median minute of the hour before) are a surge.",
      },
      min_per_minute: {
        type: "integer",
        minimum: 1,
        default: 10,
        description:
          "Fewer registration submits in the last minute than this are never a surge (a sign-up takes one, more after a refused password). It may start early: a surge only holds each network to `surge.network`, which real people arriving from many networks never meet.",
      },
      network: threshold(
        { challengeFrom: 3, refuseFrom: 30 },
        "different email addresses registering from one network during a surge",
        {
          challenge:
            "A newsletter's wave comes from many networks, one or two people each; a third from the same network solves a proof of work while typing, which costs a person nothing.",
          refuse:
            "Thirty sign-ups from one /24 in the window while the shop is busy is a farm, not neighbours: real people behind a carrier's NAT spread over its many networks.",
        },
      ),
      no_script_waits: {
        type: "integer",
        minimum: 0,
        default: 0,
        description:
          "During a surge, the waits (`challenge.no_script`) a network may use instead of a proof of work, in place of `challenge.no_script.max_per_network`. Only a network already past `surge.network`'s challenge meets one, and a wave of scripts that run no JavaScript would otherwise pass through them: a person without JavaScript there is told to try again later.",
      },
    }),
    credential_stuffing: obj({
      min_failures: {
        type: "integer",
        minimum: 1,
        default: 50,
        description:
          "Failed sign-ins across all identifiers in the window below which there is no credential stuffing.",
      },
      failure_share: {
        type: "number",
        exclusiveMinimum: 0,
        maximum: 1,
        default: 0.5,
        description:
          "The share of failed sign-ins among all sign-ins in the window from which every sign-in meets a first-level challenge.",
      },
    }),
    challenge: obj({
      cost: {
        type: "integer",
        minimum: 1,
        default: 1000,
        description: "PBKDF2-SHA-256 iterations of one attempt (ALTCHA's `cost`).",
      },
      attempts: {
        type: "integer",
        minimum: 1,
        default: 1500,
        description:
          "The most attempts a first-level challenge takes (a random number between half and all of it); each level above multiplies it by `growth`.",
      },
      growth: {
        type: "integer",
        minimum: 2,
        default: 4,
        description: "How much each level multiplies the attempts.",
      },
      levels: {
        type: "integer",
        minimum: 1,
        maximum: 8,
        default: 4,
        description:
          "The highest level; the counts' doublings above a threshold climb one level each.",
      },
      lifespan: duration("10m", "How long a challenge can be solved and its solution used."),
      no_script: obj({
        wait: duration(
          "3s",
          "Without a solution (a browser without JavaScript), a submit waits this long per level instead, then goes on.",
        ),
        max_per_network: {
          type: "integer",
          minimum: 0,
          default: 10,
          description:
            "Such waits one network may use in the window; past them a submit without a solution is refused.",
        },
      }),
    }),
  }),
  // Ours, not Kratos's: which addresses registration and the email change accept, and how a
  // mailbox is recognised behind its spellings (the welcome gift, the per-target count).
  email_addresses: obj({
    disposable: obj({
      refuse: {
        type: "boolean",
        default: true,
        description:
          "Refuses addresses at throwaway-mail domains (the `mailchecker` list, parent domains included) at registration and email change.",
      },
      allow: {
        type: "array",
        default: [],
        items: { type: "string", minLength: 1 },
        description: "Domains accepted although the list names them (subdomains included).",
      },
      block: {
        type: "array",
        default: [],
        items: { type: "string", minLength: 1 },
        description: "Domains refused besides the list (subdomains included).",
      },
    }),
    subaddress_domains: {
      type: "array",
      default: [
        "gmail.com",
        "googlemail.com",
        "outlook.com",
        "hotmail.com",
        "live.com",
        "msn.com",
        "icloud.com",
        "me.com",
        "mac.com",
        "proton.me",
        "protonmail.com",
        "pm.me",
        "fastmail.com",
        "posteo.de",
        "posteo.net",
        "mailbox.org",
      ],
      items: { type: "string", minLength: 1 },
      description:
        "Domains that deliver `name+anything@` to `name@`: one mailbox for the welcome gift and the per-target count (Gmail also ignores dots, and googlemail.com is gmail.com).",
    },
  }),
  body_limit_bytes: {
    type: "integer",
    minimum: 1024,
    default: 65536,
    description: "The largest request body accepted.",
  },
  // Ours: the customer-service console's API (`/admin/console/*` on the admin port,
  // docs/console.md). Off unless enabled; its token opens those routes and nothing else.
  console: obj({
    enabled: {
      type: "boolean",
      default: false,
      description:
        "Serves the customer-service console's API (`/admin/console/*`) on the admin port.",
    },
    token: {
      type: "string",
      minLength: 16,
      default: "insecure-console-token-change-me",
      description:
        "The bearer token the console's server sends to `/admin/console/*`; it opens nothing else, and the admin token does not open those routes. Must differ from `serve.admin.token`; at least 32 characters outside dev mode while the console is enabled. `CONSOLE_TOKEN` may carry it instead of the file.",
    },
  }),
  // Kratos's `oauth2_provider`: the OAuth2 server's admin API (Ory Hydra, or apps/oauth2, which
  // speaks Hydra's). With a URL, login and registration take `login_challenge` and accept the
  // login request after sign-in (oauth2/oauth2-provider.ts).
  oauth2_provider: obj({
    url: url(
      "The OAuth2 server's admin API (apps/oauth2 or Ory Hydra, e.g. `http://127.0.0.1:4445`). Unset: `login_challenge` is refused.",
    ),
    headers: {
      type: "object",
      default: {},
      additionalProperties: { type: "string" },
      description:
        'Sent with every call; apps/oauth2 needs `{"Authorization": "Bearer <serve.admin.token>"}`.',
    },
    override_return_to: {
      type: "boolean",
      default: false,
      description:
        "`true`: the flows' return_to becomes the authorization request's URL, so a detour such as recovery ends back at the client; that URL must be allowed in `selfservice.allowed_return_urls`.",
    },
  }),
});
