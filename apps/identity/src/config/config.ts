// The validated, frozen configuration. Durations are milliseconds (the file writes "15m").

export type SameSite = "Lax" | "Strict" | "None";
export type HookName =
  | "session"
  | "show_verification_ui"
  | "require_verified_address"
  | "revoke_active_sessions";
export interface HookConfig<Name extends HookName = HookName> {
  hook: Name;
}
/** The hooks a login may run; registration's are `session` and `show_verification_ui`. */
export type LoginHookName = "require_verified_address" | "revoke_active_sessions";
type RegistrationHooks = { hooks: HookConfig<"session" | "show_verification_ui">[] };
interface Limit {
  max: number;
  window: number;
}
/** A count's two thresholds: a challenge from the first, a refusal from the second. */
export interface Threshold {
  challenge_from: number;
  refuse_from: number;
}
interface FlowUi {
  ui_url: string;
  lifespan: number;
}

export type WebhookEventType = "newsletter.consent_changed" | "identity.deleted";

export type OidcProviderKind = "google" | "apple" | "facebook" | "generic";

/** One social sign-in provider; schema.ts fills each kind's defaults. */
export interface OidcProviderConfig {
  id: string;
  provider: OidcProviderKind;
  /** The name shown in messages ("Sign in with {provider}"). */
  label: string;
  client_id: string;
  client_secret?: string;
  /** The issuer identities are keyed on (with the subject); discovery starts here. */
  issuer_url: string;
  auth_url?: string;
  token_url?: string;
  /** Facebook: the Graph API's /me. */
  userinfo_url?: string;
  scope: string[];
  /** Trait path ("traits.name.first") to claim name, or claim names tried in order. */
  mapper: Record<string, string | string[]>;
  response_mode: "query" | "form_post";
  apple_team_id?: string;
  apple_private_key_id?: string;
  apple_private_key?: string;
  fedcm_config_url?: string;
}

/** A whoami `tokenize_as` template: the JWT's lifetime, signing keys and extra claims. */
export interface TokenizeTemplateConfig {
  ttl: number;
  /** `base64://<JWKS JSON>` or `file://<path to a JWKS file>`; the first key signs. */
  jwks_url: string;
  /** Claim name to a dotted path into the session JSON (`identity.traits.email`). */
  claims: Record<string, string>;
}

/** A WebAuthn relying party; id and display_name are required once the method is on. */
export interface RelyingPartyConfig {
  id?: string;
  display_name?: string;
  origins?: string[];
  /** Sites that may sign in with these credentials (related origin requests). */
  related_origins: string[];
}

export type AppEnv = "local" | "development" | "staging" | "production";

export type LogLevel = "trace" | "debug" | "info" | "warn" | "error" | "fatal";

export interface Config {
  dev: boolean;
  dsn: string;
  /** How many instances share the database; more than one needs PostgreSQL. */
  instances: number;
  /** Whether `serve` applies pending migrations before listening. */
  auto_migrate: boolean;
  /** PostgreSQL's bounds, in ms (docs/production.md#when-the-database-is-down). */
  database: { connect_timeout: number; query_timeout: number };
  /** Pruning expired rows (ours; docs/production.md#pruning-expired-rows). Durations in ms. */
  cleanup: { enabled: boolean; interval: number; keep: number; batch_size: number };
  log: { level: LogLevel };
  /** `local` never reports errors; the others do when `sentry.dsn` is set. */
  app_env: AppEnv;
  /** Error reports (Sentry): on with a DSN outside `local`. */
  sentry: { dsn?: string };
  serve: {
    public: {
      base_url: string;
      host: string;
      port: number;
      request_log: boolean;
      /** IPs or CIDRs whose X-Forwarded-For / X-Forwarded-Proto are believed. */
      trusted_proxies: string[];
      cors: {
        enabled: boolean;
        allowed_origins: string[];
        allowed_methods: string[];
        allowed_headers: string[];
        exposed_headers: string[];
        allow_credentials: boolean;
        options_passthrough: boolean;
        /** Seconds a preflight may be cached; 0 sends no Access-Control-Max-Age. */
        max_age: number;
        debug: boolean;
      };
    };
    admin: {
      base_url: string;
      host: string;
      port: number;
      token: string;
      request_log: boolean;
      trusted_proxies: string[];
    };
    shutdown_timeout: number;
  };
  secrets: { default: string[] };
  cookies: { domain: string; path: string; same_site: SameSite };
  session: {
    lifespan: number;
    cookie: { name: string; domain: string; same_site: SameSite };
    whoami: {
      required_aal: "aal1" | "highest_available";
      tokenizer: { templates: Record<string, TokenizeTemplateConfig> };
    };
  };
  identity: { default_schema_id: string; schemas: { id: string; url: string }[] };
  hashers: {
    algorithm: "argon2";
    argon2: { memory_kib: number; iterations: number; parallelism: number };
  };
  selfservice: {
    default_browser_return_url: string;
    allowed_return_urls: string[];
    methods: {
      password: {
        enabled: boolean;
        config: {
          min_password_length: number;
          max_password_length: number;
          identifier_similarity_check_enabled: boolean;
          haveibeenpwned_enabled: boolean;
          haveibeenpwned_host: string;
          haveibeenpwned_timeout: number;
          max_breaches: number;
          migrate_hook: {
            enabled: boolean;
            config: {
              url?: string;
              method: "POST";
              headers: Record<string, string>;
              timeout: number;
            };
          };
        };
      };
      profile: { enabled: boolean };
      code: {
        enabled: boolean;
        passwordless_enabled: boolean;
        config: { lifespan: number; max_submissions: number };
      };
      link: { enabled: boolean; config: { lifespan: number } };
      totp: { enabled: boolean; config: { issuer?: string } };
      lookup_secret: { enabled: boolean };
      webauthn: {
        enabled: boolean;
        config: { passwordless: false; rp: RelyingPartyConfig };
      };
      passkey: {
        enabled: boolean;
        config: { rp: RelyingPartyConfig; automatic_upgrade: boolean };
      };
      oidc: { enabled: boolean; config: { providers: OidcProviderConfig[] } };
    };
    flows: {
      error: { ui_url: string };
      login: FlowUi & {
        style: "identifier_first" | "unified";
        after: { default_browser_return_url?: string; hooks: HookConfig<LoginHookName>[] };
      };
      registration: FlowUi & {
        enabled: boolean;
        style: "profile_first" | "unified";
        after: {
          default_browser_return_url?: string;
          password: RegistrationHooks;
          oidc: RegistrationHooks;
          code: RegistrationHooks;
          passkey: RegistrationHooks;
        };
      };
      settings: FlowUi & {
        privileged_session_max_age: number;
        required_aal: "aal1" | "highest_available";
        after: {
          default_browser_return_url?: string;
          password: { hooks: HookConfig<"revoke_active_sessions">[] };
        };
      };
      recovery: FlowUi & {
        migration_ui_url?: string;
        enabled: boolean;
        use: "code" | "link";
        after: { hooks: HookConfig<"revoke_active_sessions">[] };
      };
      verification: FlowUi & {
        enabled: boolean;
        use: "code" | "link";
        after: { default_browser_return_url?: string };
      };
      logout: { after: { default_browser_return_url?: string } };
    };
  };
  courier: {
    smtp: { connection_uri: string; from_address: string; from_name: string };
    dispatcher: {
      enabled: boolean;
      poll_interval: number;
      lease: number;
      max_attempts: number;
      batch_size: number;
    };
  };
  webhooks: {
    secret?: string;
    endpoints: { url: string; events: WebhookEventType[] }[];
    timeout: number;
    max_attempts: number;
    retry_backoff: { initial: number; max: number };
  };
  /** Account safety (ours): notices, their links, the safe email change, devices, activity. */
  security: {
    notices: { enabled: boolean; time_zone: string };
    /** "This wasn't me": the web app's screen and how long a notice's link stays valid. */
    not_me: { ui_url: string; lifespan: number };
    email_change: {
      /** How long a requested change waits for the code from the new address. */
      lifespan: number;
      /** The old address's link that undoes a completed change. */
      undo: { ui_url: string; lifespan: number };
    };
    trusted_devices: { cookie_name: string; lifespan: number };
    activity: { ui_url: string; retention: number };
  };
  rate_limits: {
    submit_per_ip: Limit;
    flow_init_per_ip: Limit;
    login_failures: {
      delay_after: number;
      base_delay: number;
      max_delay: number;
      max_per_day: number;
    };
    code_emails_per_address: Limit;
  };
  /** Ours: risk signals, the proof of work, refusals (docs/security.md#bot-defence). */
  bot_defence: {
    enabled: boolean;
    window: number;
    ip: Threshold;
    network: Threshold;
    target: Threshold;
    surge: { factor: number; min_per_minute: number; network: Threshold; no_script_waits: number };
    credential_stuffing: { min_failures: number; failure_share: number };
    challenge: {
      cost: number;
      attempts: number;
      growth: number;
      levels: number;
      lifespan: number;
      no_script: { wait: number; max_per_network: number };
    };
  };
  /** Ours: throwaway domains refused, and the domains that deliver `name+tag@` to `name@`. */
  email_addresses: {
    disposable: { refuse: boolean; allow: string[]; block: string[] };
    subaddress_domains: string[];
  };
  body_limit_bytes: number;
  /** The customer-service console's API on the admin port (ours, docs/console.md). */
  console: {
    enabled: boolean;
    /** The console's server's bearer token for `/admin/console/*`, and nothing else. */
    token: string;
  };
  oauth2_provider: {
    /** The OAuth2 server's admin API; unset: `login_challenge` is refused. */
    url?: string;
    /** Sent with every call to it (our provider needs `Authorization: Bearer <token>`). */
    headers: Record<string, string>;
    /** Use the OAuth2 request's URL as return_to, so recovery and the like end back there. */
    override_return_to: boolean;
  };
}
