// The web app's configuration: the only module that reads process.env. It is parsed once,
// validated and frozen, so a wrong setting stops the server at start instead of at the first
// request that needs it. Import it from server code only (proxy, pages, actions, route handlers).
// The settings, their defaults and descriptions are listed in settings.ts.

import { TrustedProxies, TrustedProxiesError } from "@moos/client-address";
import { webSettings } from "./settings";

export type AppEnv = "local" | "development" | "staging" | "production";

export interface ClientConfig {
  /** Where a signed-in user of this client goes when no (valid) return_to is given. */
  readonly home: string;
  /** return_to targets accepted for this client: scheme + host (`*.` wildcards) + path prefix. */
  readonly allowedReturnUrls: readonly string[];
}

export interface Config {
  /** The identity service's public API as this server reaches it (also the proxy target). */
  readonly orySdkUrl: string;
  /** The web app's public origin as browsers see it (no trailing slash). */
  readonly publicBaseUrl: string;
  /**
   * PUBLIC_BASE_URL is https: the app's cookies are `Secure` with the `__Host-` prefix, pages
   * send HSTS and upgrade-insecure-requests.
   */
  readonly https: boolean;
  /** Peers whose X-Forwarded-For, X-Forwarded-Proto and X-Request-Id are believed. */
  readonly trustedProxies: TrustedProxies;
  readonly appEnv: AppEnv;
  /** Error reporting is on only with a DSN and outside `local`. */
  readonly sentry: { readonly dsn: string; readonly environment: AppEnv } | undefined;
  /** Client name -> client; always contains `self`. */
  readonly clients: Readonly<Record<string, ClientConfig>>;
  /** Admin API (later issues: account deletion, migration). */
  readonly oryAdminUrl: string | undefined;
  readonly oryAdminToken: string | undefined;
  /**
   * The OAuth2 provider's admin API (Hydra's: apps/oauth2, Ory Hydra or Ory Network), for the
   * consent and logout screens; the token is sent as a bearer token when set.
   */
  readonly oryOAuth2AdminUrl: string;
  readonly oryOAuth2AdminToken: string | undefined;
  /** Where customers report a barrier (the accessibility statement's contact, an email address). */
  readonly accessibilityContact: string;
  /**
   * The shop's front page: "Weiter zum Shop" on the signed-in landing screen when no client or
   * return_to says where the customer came from. Unset: the landing screen offers no such link.
   */
  readonly shopUrl: string | undefined;
  /** The shop's legal pages, linked in every screen's footer and the registration terms. */
  readonly legal: LegalUrls;
}

export interface LegalUrls {
  /** AGB (terms and conditions). */
  readonly terms: string | undefined;
  /** Datenschutzerklärung (privacy policy). */
  readonly privacy: string | undefined;
  /** Impressum (legal notice). */
  readonly imprint: string | undefined;
}

export const DEFAULT_ACCESSIBILITY_CONTACT: string = webSettings.ACCESSIBILITY_CONTACT.default;

export const DEFAULT_CLIENT = "self";

const APP_ENVS: readonly AppEnv[] = ["local", "development", "staging", "production"];

type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

function readUrl(env: Env, key: string, fallback: string | undefined): string | undefined {
  const raw = env[key]?.trim() || fallback;
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new ConfigError(`${key} must be an absolute URL, got "${raw}"`, { cause });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${key} must be an http(s) URL, got "${raw}"`);
  }
  return url.toString().replace(/\/+$/, "");
}

function readAppEnv(env: Env): AppEnv {
  const raw = env.APP_ENV?.trim() || webSettings.APP_ENV.default;
  if (!(APP_ENVS as readonly string[]).includes(raw)) {
    throw new ConfigError(`APP_ENV must be one of ${APP_ENVS.join(", ")}, got "${raw}"`);
  }
  return raw as AppEnv;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readClient(name: string, value: unknown): ClientConfig {
  if (!isRecord(value) || typeof value.home !== "string") {
    throw new ConfigError(`CLIENTS.${name} needs a "home" URL`);
  }
  const home = readUrl({ home: value.home }, "home", undefined) as string;
  const allowed = value.allowedReturnUrls ?? [];
  if (!Array.isArray(allowed) || !allowed.every((entry) => typeof entry === "string")) {
    throw new ConfigError(`CLIENTS.${name}.allowedReturnUrls must be a list of URLs`);
  }
  return Object.freeze({ home, allowedReturnUrls: Object.freeze([...allowed]) });
}

export function readClients(raw: string | undefined, publicBaseUrl: string): Config["clients"] {
  let parsed: unknown = {};
  if (raw?.trim()) {
    try {
      parsed = JSON.parse(raw);
    } catch (cause) {
      throw new ConfigError("CLIENTS must be a JSON object", { cause });
    }
  }
  if (!isRecord(parsed)) throw new ConfigError("CLIENTS must be a JSON object");
  const clients: Record<string, ClientConfig> = {};
  for (const [name, value] of Object.entries(parsed)) {
    clients[name] = readClient(name, value);
  }
  // `self` is this app: its home is the public base URL and it may return anywhere on it.
  clients[DEFAULT_CLIENT] ??= { home: publicBaseUrl, allowedReturnUrls: [publicBaseUrl] };
  return Object.freeze(clients);
}

/** Where the web app's own proxy runs in the default setup (nginx on the same machine). */
const DEFAULT_TRUSTED_PROXIES: string = webSettings.TRUSTED_PROXIES.default;

function readTrustedProxies(env: Env): TrustedProxies {
  // Unset: the default. Set but empty: no proxy is trusted (the socket's peer is the client).
  const raw = env.TRUSTED_PROXIES ?? DEFAULT_TRUSTED_PROXIES;
  try {
    return TrustedProxies.parse(raw);
  } catch (cause) {
    if (!(cause instanceof TrustedProxiesError)) throw cause;
    throw new ConfigError(`TRUSTED_PROXIES: ${cause.message}`, { cause });
  }
}

export function readConfig(env: Env): Config {
  const publicBaseUrl = readUrl(
    env,
    "PUBLIC_BASE_URL",
    webSettings.PUBLIC_BASE_URL.default,
  ) as string;
  const appEnv = readAppEnv(env);
  const dsn = env.SENTRY_DSN?.trim();
  return Object.freeze({
    orySdkUrl: readUrl(env, "ORY_SDK_URL", webSettings.ORY_SDK_URL.default) as string,
    publicBaseUrl,
    https: publicBaseUrl.startsWith("https:"),
    trustedProxies: readTrustedProxies(env),
    appEnv,
    sentry: dsn && appEnv !== "local" ? Object.freeze({ dsn, environment: appEnv }) : undefined,
    clients: readClients(env.CLIENTS, publicBaseUrl),
    oryAdminUrl: readUrl(env, "ORY_ADMIN_URL", undefined),
    oryAdminToken: env.ORY_ADMIN_TOKEN?.trim() || undefined,
    oryOAuth2AdminUrl: readUrl(
      env,
      "ORY_OAUTH2_ADMIN_URL",
      webSettings.ORY_OAUTH2_ADMIN_URL.default,
    ) as string,
    oryOAuth2AdminToken: env.ORY_OAUTH2_ADMIN_TOKEN?.trim() || undefined,
    accessibilityContact: env.ACCESSIBILITY_CONTACT?.trim() || DEFAULT_ACCESSIBILITY_CONTACT,
    shopUrl: readUrl(env, "SHOP_URL", undefined),
    legal: Object.freeze({
      terms: readUrl(env, "TERMS_URL", undefined),
      privacy: readUrl(env, "PRIVACY_URL", undefined),
      imprint: readUrl(env, "IMPRINT_URL", undefined),
    }),
  });
}

export const config: Config = readConfig(process.env);
