// Every setting the console reads from its environment, with its default and what it does: the
// one table config.ts takes its defaults from and docs/configuration.md is generated from
// (`npm run docs:config`). Names start with CONSOLE_ (except the few every service shares), so
// `npm run start:production` can hand one environment to the web app and the console alike.
// settings.test.ts fails when config.ts or server.mjs reads a variable this table does not name.
// No imports: the generator loads this file with Node alone.

export interface ConsoleSetting {
  /** The default as code uses it; undefined: unset unless given. */
  readonly default: string | undefined;
  /** How the reference shows the default when the bare value would not say enough. */
  readonly defaultText?: string;
  /** The module that reads it, when not `src/lib/config.ts`. */
  readonly readBy?: string;
  readonly description: string;
}

export const consoleSettings = {
  CONSOLE_PUBLIC_BASE_URL: {
    default: "http://localhost:3100",
    description:
      "The console's public origin, its own host (never the web app's): the OpenID Connect redirect (`/auth/callback`) and the address after logout hang off it, server actions accept only this origin. `https://...` turns on `Secure` cookies named `__Host-moos_console` and `__Host-moos_console_login`, `Strict-Transport-Security` and the CSP's `upgrade-insecure-requests`.",
  },
  CONSOLE_IDENTITY_ADMIN_URL: {
    default: "http://127.0.0.1:4434",
    description:
      "The identity service's admin API, where the console API lives (`/admin/console/*`); keep it on a private network.",
  },
  CONSOLE_TOKEN: {
    default: "local-console-token-not-secret",
    defaultText: "`local-console-token-not-secret` (refused outside `APP_ENV=local`)",
    description:
      "The identity service's `console.token`: sent as a bearer token to `/admin/console/*` by the console's server only, never to a browser, never logged.",
  },
  CONSOLE_OIDC_ISSUER: {
    default: "http://127.0.0.1:4444",
    description:
      "Moos's OpenID Connect provider (`apps/oauth2`'s `urls.self.issuer`), where staff sign in.",
  },
  CONSOLE_OIDC_CLIENT_ID: {
    default: "moos-console",
    description: "The console's client id at the provider.",
  },
  CONSOLE_OIDC_CLIENT_SECRET: {
    default: "local-console-secret-not-secret",
    defaultText: "`local-console-secret-not-secret` (refused outside `APP_ENV=local`)",
    description: "The console's client secret at the provider (`client_secret_basic`).",
  },
  CONSOLE_SESSION_SECRETS: {
    default: "local-console-session-secret-not-secret",
    defaultText: "a development value (refused outside `APP_ENV=local`)",
    description:
      "Comma-separated secrets, each at least 32 characters, that encrypt the staff session cookie (JWE, A256GCM, a key derived from the secret): the first encrypts, every one decrypts, so a new one goes first and the old one stays until the last session it sealed has ended (8 hours). Every console instance needs the same list.",
  },
  CONSOLE_ACCOUNT_URL: {
    default: "http://localhost:3000",
    description:
      'The account web app: where a staff member without a second factor is sent to set one up ("Einstellungen"), and the account app\'s own links.',
  },
  CONSOLE_TRUSTED_PROXIES: {
    default: "127.0.0.1,::1",
    description:
      "Comma-separated IPs and CIDR blocks of the proxies in front of the console (nginx); set but empty: none. From these peers `X-Forwarded-For` (right-most untrusted entry), `X-Forwarded-Proto` and `X-Request-Id` are believed; the address decided is the staff member's in the audit.",
  },
  PORT: {
    default: "3100",
    readBy: "server.mjs",
    description:
      "The port to listen on (`npm run start:production` sets it from `CONSOLE_PORT`, default 3100).",
  },
  HOST: {
    default: "localhost",
    readBy: "server.mjs",
    description:
      "The address to listen on (`npm run start:production` sets it from `CONSOLE_HOSTNAME`, default `0.0.0.0`).",
  },
  REQUEST_LOG: {
    default: "false",
    readBy: "server.mjs",
    description:
      "`true` writes one JSON line per answered request: `request_id`, method, path (never the query), status, `duration_ms`.",
  },
  APP_ENV: {
    default: "production",
    description:
      "`local`, `development`, `staging` or `production`; outside `local` the development defaults of the token, the client secret and the session secrets are refused at start.",
  },
} as const satisfies Record<string, ConsoleSetting>;
