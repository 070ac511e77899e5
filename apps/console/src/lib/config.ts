// The console's configuration: the only module that reads process.env. Parsed once, validated
// and frozen, so a wrong setting stops the server at start instead of at the first request.
// Server code only (proxy, pages, actions, route handlers). The settings, their defaults and
// descriptions are listed in settings.ts.

import { TrustedProxies, TrustedProxiesError } from "@moos/client-address";
import { consoleSettings } from "./settings";

export type AppEnv = "local" | "development" | "staging" | "production";

export interface Config {
  /** The console's public origin as browsers see it (no trailing slash). */
  readonly publicBaseUrl: string;
  /** Served over https: `__Host-` cookies, HSTS, upgrade-insecure-requests. */
  readonly https: boolean;
  readonly identityAdminUrl: string;
  /** The console token of the identity service's console API; never leaves this server. */
  readonly consoleToken: string;
  readonly oidc: {
    readonly issuer: string;
    readonly clientId: string;
    readonly clientSecret: string;
  };
  /** The session cookie's secrets, newest first. */
  readonly sessionSecrets: readonly string[];
  readonly accountUrl: string;
  readonly trustedProxies: TrustedProxies;
  readonly appEnv: AppEnv;
}

type Env = Readonly<Record<string, string | undefined>>;

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

const APP_ENVS: readonly AppEnv[] = ["local", "development", "staging", "production"];
const MIN_SECRET_LENGTH = 32;

function readUrl(env: Env, key: keyof typeof consoleSettings): string {
  const raw = env[key]?.trim() || consoleSettings[key].default;
  let url: URL;
  try {
    url = new URL(raw ?? "");
  } catch (cause) {
    throw new ConfigError(`${key} must be an absolute URL, got "${raw}"`, { cause });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${key} must be an http(s) URL, got "${raw}"`);
  }
  return url.toString().replace(/\/+$/, "");
}

function readAppEnv(env: Env): AppEnv {
  const raw = env.APP_ENV?.trim() || consoleSettings.APP_ENV.default;
  if (!(APP_ENVS as readonly string[]).includes(raw)) {
    throw new ConfigError(`APP_ENV must be one of ${APP_ENVS.join(", ")}, got "${raw}"`);
  }
  return raw as AppEnv;
}

/** A secret with a development default: the default is accepted only for APP_ENV=local. */
function readSecret(env: Env, key: keyof typeof consoleSettings, appEnv: AppEnv): string {
  const given = env[key]?.trim();
  if (given) return given;
  if (appEnv !== "local") throw new ConfigError(`${key} must be set outside APP_ENV=local`);
  return consoleSettings[key].default as string;
}

function readSessionSecrets(env: Env, appEnv: AppEnv): string[] {
  const raw = readSecret(env, "CONSOLE_SESSION_SECRETS", appEnv);
  const secrets = raw
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (secrets.length === 0) throw new ConfigError("CONSOLE_SESSION_SECRETS names no secret");
  const short = secrets.find((secret) => secret.length < MIN_SECRET_LENGTH);
  if (short !== undefined) {
    throw new ConfigError(
      `CONSOLE_SESSION_SECRETS: every secret needs at least ${MIN_SECRET_LENGTH} characters`,
    );
  }
  return secrets;
}

function readTrustedProxies(env: Env): TrustedProxies {
  // Unset: the default. Set but empty: no proxy is trusted (the socket's peer is the client).
  const raw = env.CONSOLE_TRUSTED_PROXIES ?? consoleSettings.CONSOLE_TRUSTED_PROXIES.default;
  try {
    return TrustedProxies.parse(raw);
  } catch (cause) {
    if (!(cause instanceof TrustedProxiesError)) throw cause;
    throw new ConfigError(`CONSOLE_TRUSTED_PROXIES: ${cause.message}`, { cause });
  }
}

export function readConfig(env: Env): Config {
  const appEnv = readAppEnv(env);
  const publicBaseUrl = readUrl(env, "CONSOLE_PUBLIC_BASE_URL");
  return Object.freeze({
    publicBaseUrl,
    https: publicBaseUrl.startsWith("https:"),
    identityAdminUrl: readUrl(env, "CONSOLE_IDENTITY_ADMIN_URL"),
    consoleToken: readSecret(env, "CONSOLE_TOKEN", appEnv),
    oidc: Object.freeze({
      issuer: readUrl(env, "CONSOLE_OIDC_ISSUER"),
      clientId:
        env.CONSOLE_OIDC_CLIENT_ID?.trim() || consoleSettings.CONSOLE_OIDC_CLIENT_ID.default,
      clientSecret: readSecret(env, "CONSOLE_OIDC_CLIENT_SECRET", appEnv),
    }),
    sessionSecrets: Object.freeze(readSessionSecrets(env, appEnv)),
    accountUrl: readUrl(env, "CONSOLE_ACCOUNT_URL"),
    trustedProxies: readTrustedProxies(env),
    appEnv,
  });
}

let loaded: Config | undefined;

/**
 * The configuration, read on first use. Not at import: `next build` loads these modules to
 * collect its pages, where the production settings are not (and must not be) present.
 */
export function config(): Config {
  loaded ??= readConfig(process.env);
  return loaded;
}
