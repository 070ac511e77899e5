import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config/config.ts";
import { csrfCookieName, decodeSecret, newCsrfSecret } from "./csrf.ts";

// Cookie attributes (docs/protocol.md#cookies): HttpOnly always, so scripts never read a session or CSRF
// secret; Secure whenever the public URL is https (plain http only for local development);
// SameSite from config, Lax by default, which keeps cross-site POSTs from carrying the session.
// Behind https a cookie without Domain and with Path=/ is named `__Host-<name>`
// (RFC 6265bis §4.1.3.2): browsers then refuse such a cookie unless it is Secure, host-only and
// for the whole site, so a sibling subdomain or an http page cannot plant or shadow our session
// or CSRF cookie. Every reader takes the names from the functions below.

declare module "fastify" {
  interface FastifyRequest {
    /** The CSRF secret valid for this request: the cookie's, or a new one being set. */
    csrfSecret: string;
    /** Set once the secret was replaced in this request, so it is replaced only once. */
    csrfRotated: boolean;
  }
}

function isSecure(config: Config): boolean {
  return config.serve.public.base_url.startsWith("https:");
}

function hostPrefixed(config: Config, name: string, domain: string): string {
  const eligible = isSecure(config) && !domain && config.cookies.path === "/";
  return eligible && !/^__(Host|Secure)-/.test(name) ? `__Host-${name}` : name;
}

function baseOptions(
  config: Config,
  sameSite: Config["cookies"]["same_site"],
  domain: string,
): CookieSerializeOptions {
  const secure = isSecure(config);
  return {
    path: config.cookies.path,
    httpOnly: true,
    secure,
    sameSite: secure ? (sameSite.toLowerCase() as "lax" | "strict" | "none") : "lax",
    ...(domain ? { domain } : {}),
  };
}

// The configuration is frozen, so each name is worked out once per configuration (the CSRF
// cookie's is a SHA-256 of the base URL, and every request asks for one of them).
const csrfNames = new WeakMap<Config, string>();
const sessionNames = new WeakMap<Config, string>();

export function csrfCookie(config: Config): string {
  let name = csrfNames.get(config);
  if (name === undefined) {
    name = hostPrefixed(
      config,
      csrfCookieName(config.serve.public.base_url),
      config.cookies.domain,
    );
    csrfNames.set(config, name);
  }
  return name;
}

function sessionCookieDomain(config: Config): string {
  return config.session.cookie.domain || config.cookies.domain;
}

/** The session cookie's name: `session.cookie.name`, `__Host-` prefixed where it applies. */
export function sessionCookie(config: Config): string {
  let name = sessionNames.get(config);
  if (name === undefined) {
    name = hostPrefixed(config, config.session.cookie.name, sessionCookieDomain(config));
    sessionNames.set(config, name);
  }
  return name;
}

/** Makes sure the request has a CSRF secret, setting the cookie when it is missing or malformed. */
export function ensureCsrfSecret(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
): void {
  const existing = request.cookies[csrfCookie(config)];
  if (existing && decodeSecret(existing)) {
    request.csrfSecret = existing;
    return;
  }
  rotateCsrfSecret(request, reply, config);
}

/** A new secret: after sign-in, sign-out and code retries, older tokens must stop working. */
export function rotateCsrfSecret(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
): void {
  request.csrfSecret = newCsrfSecret();
  request.csrfRotated = true;
  reply.setCookie(csrfCookie(config), request.csrfSecret, {
    ...baseOptions(config, config.cookies.same_site, config.cookies.domain),
    maxAge: 31_536_000,
  });
}

export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  expiresAt: Date,
): void {
  const { cookie } = config.session;
  reply.setCookie(sessionCookie(config), token, {
    ...baseOptions(config, cookie.same_site, sessionCookieDomain(config)),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(
    sessionCookie(config),
    baseOptions(config, config.session.cookie.same_site, sessionCookieDomain(config)),
  );
}

/**
 * `ory_kratos_continuity` binds a social sign-in to the browser that started it: the state
 * stored for the provider's answer holds a hash of this random value, so a callback URL
 * replayed in another browser (login CSRF) finds no match. SameSite=Lax lets the browser send
 * it on the top-level GET that comes back from the provider.
 */
export function continuityCookie(config: Config): string {
  return hostPrefixed(config, "ory_kratos_continuity", config.cookies.domain);
}

export function setContinuityCookie(
  reply: FastifyReply,
  config: Config,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(continuityCookie(config), value, {
    ...baseOptions(config, "Lax", config.cookies.domain),
    maxAge: maxAgeSeconds,
  });
}

/**
 * The trusted-device cookie (docs/account-safety.md#trusted-devices, security/devices.ts): a long-lived random value that
 * tells a browser this account has signed in from before. HttpOnly like the others, so no
 * script can copy it; SameSite=Lax, so the top-level return from a social sign-in carries it.
 */
export function deviceCookie(config: Config): string {
  return hostPrefixed(config, config.security.trusted_devices.cookie_name, config.cookies.domain);
}

export function setDeviceCookie(reply: FastifyReply, config: Config, value: string): void {
  reply.setCookie(deviceCookie(config), value, {
    ...baseOptions(config, "Lax", config.cookies.domain),
    maxAge: Math.floor(config.security.trusted_devices.lifespan / 1000),
  });
}
