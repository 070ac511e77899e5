// Every setting the web app reads from its environment, with its default and what it does: the
// one table config.ts takes its defaults from and docs/configuration.md is generated from
// (`npm run docs:config`). A new setting goes here first, with its description; settings.test.ts
// fails when config.ts or server.mjs reads a variable this table does not name. No imports: the
// generator loads this file with Node alone.

export interface WebSetting {
  /** The default as code uses it; undefined: unset unless given. */
  readonly default: string | undefined;
  /** How the reference shows the default when the bare value would not say enough. */
  readonly defaultText?: string;
  /** The module that reads it, when not `src/lib/config.ts`. */
  readonly readBy?: string;
  readonly description: string;
}

export const webSettings = {
  ORY_SDK_URL: {
    default: "http://127.0.0.1:4433",
    description:
      "The identity service's public API (ours, Ory Kratos or Ory Network), read at run time; the web app also proxies its public paths (`/self-service`, `/sessions`, `/.well-known/ory`, `/schemas`) so cookies stay first-party.",
  },
  PUBLIC_BASE_URL: {
    default: "http://localhost:3000",
    description:
      "The web app's public origin: home of the `self` client, the loading screen's reload link, the origin server actions accept, the origin of the app's own redirects. `https://...` turns on `Secure` cookies named `__Host-NEXT_LOCALE` and `__Host-moos_client`, `Strict-Transport-Security: max-age=63072000; includeSubDomains` and the CSP's `upgrade-insecure-requests`.",
  },
  TRUSTED_PROXIES: {
    default: "127.0.0.1,::1",
    description:
      "Comma-separated IPs and CIDR blocks (`10.0.0.0/8`, `fd00::/8`) of the proxies in front of the web app (nginx); set but empty: none. From these peers `X-Forwarded-For` (right-most untrusted entry), `X-Forwarded-Proto` and `X-Request-Id` are believed; from anyone else the socket's address is the client and a fresh request id is made. `0.0.0.0/0` and `::/0` are refused.",
  },
  PORT: {
    default: "3000",
    readBy: "server.mjs",
    description: "The port to listen on.",
  },
  HOST: {
    default: "localhost",
    readBy: "server.mjs",
    description: "The address to listen on (`0.0.0.0` in a container).",
  },
  REQUEST_LOG: {
    default: "false",
    readBy: "server.mjs",
    description:
      "`true` writes one JSON line per answered request: `request_id` (and, with tracing on, `trace_id` and `span_id`), method, path (never the query), status, `duration_ms`.",
  },
  APP_ENV: {
    default: "production",
    description:
      "`local`, `development`, `staging` or `production`; error reporting is off for `local`.",
  },
  SENTRY_DSN: {
    default: undefined,
    description:
      "Error reports (Sentry) of unexpected server errors; nothing is sent without it, and never from `APP_ENV=local`. A report carries the error, the service, the request id and the trace id, nothing personal ([Observability](observability.md)).",
  },
  CLIENTS: {
    default: undefined,
    defaultText: "`{}` (plus `self`)",
    description:
      'JSON map of client name to `{ "home": URL, "allowedReturnUrls": [URL prefixes, *. wildcards] }`; `?client=` picks one.',
  },
  SHOP_URL: {
    default: undefined,
    description:
      'The shop\'s front page: the signed-in landing screen\'s "Weiter zum Shop" ("Continue to the shop"), offered when the customer did not come from a client of `CLIENTS` other than `self` (that client\'s home is offered instead, as "Weiter"). Unset: no such button; Einstellungen stays the first choice. A `return_to` on the landing screen is followed at once through `/api/redirect`.',
  },
  TERMS_URL: {
    default: undefined,
    description:
      "The shop's AGB: linked in every screen's footer and in the registration terms (\"AGB\"). Unset: left out of the footer, plain text in the terms.",
  },
  PRIVACY_URL: {
    default: undefined,
    description:
      'The shop\'s Datenschutzerklärung: footer ("Datenschutz") and registration terms; unset as for `TERMS_URL`.',
  },
  IMPRINT_URL: {
    default: undefined,
    description:
      "The shop's Impressum: footer only; unset: left out. The footer always links the accessibility statement (`/barrierefreiheit`, `/en/accessibility`).",
  },
  ORY_ADMIN_URL: {
    default: undefined,
    defaultText: "(unset; `npm start` sets the local profile's `http://127.0.0.1:4434`)",
    description:
      "The identity service's admin API (on Ory Network: the project URL), server-side only: newsletter consent, account deletion and data export, the User migration check. Unset: the newsletter question is skipped, those screens fail with the generic error.",
  },
  ORY_ADMIN_TOKEN: {
    default: undefined,
    defaultText: "(unset; `npm start` sets the local profile's token)",
    description: "The admin API's bearer token (on Ory Network an API key), with `ORY_ADMIN_URL`.",
  },
  ORY_OAUTH2_ADMIN_URL: {
    default: "http://127.0.0.1:4445",
    defaultText: "`http://127.0.0.1:4445` (the local provider)",
    description:
      "The OpenID Connect provider's admin API (apps/oauth2, Ory Hydra; on Ory Network the project URL), server-side only: the consent and logout screens, and a logout in Moos ending the provider's login sessions.",
  },
  ORY_OAUTH2_ADMIN_TOKEN: {
    default: undefined,
    defaultText:
      "(unset; `npm start` sets the local profile's `local-oauth2-admin-token-not-secret`)",
    description:
      "Sent as `Authorization: Bearer` to that API (apps/oauth2's `serve.admin.token`; on Ory Network an API key; Ory Hydra's admin API takes none).",
  },
  ACCESSIBILITY_CONTACT: {
    default: "barrierefreiheit@moos.example",
    description:
      "The email address the accessibility statement (`/barrierefreiheit`, `/en/accessibility`) gives for reporting a barrier; set it to a mailbox someone reads.",
  },
  SHOW_DESIGN_SYSTEM: {
    default: undefined,
    readBy: "src/app/[locale]/dev/design-system/page.tsx",
    description:
      "`1` shows the design system page (`/dev/design-system`) on a production build, e.g. to review a build; development servers always show it.",
  },
} as const satisfies Record<string, WebSetting>;

export type WebSettingName = keyof typeof webSettings;
