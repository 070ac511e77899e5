import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../config/config.ts";
import { csrfCookieName, decodeSecret, newCsrfSecret } from "./csrf.ts";

// Cookie attributes (PROTOCOL.md §7): HttpOnly always, so scripts never read a session or CSRF
// secret; Secure whenever the public URL is https (plain http only for local development);
// SameSite from config, Lax by default, which keeps cross-site POSTs from carrying the session.

declare module "fastify" {
  interface FastifyRequest {
    /** The CSRF secret valid for this request: the cookie's, or a new one being set. */
    csrfSecret: string;
    /** Set once the secret was replaced in this request, so it is replaced only once. */
    csrfRotated: boolean;
  }
}

function baseOptions(
  config: Config,
  sameSite: Config["cookies"]["same_site"],
  domain: string,
): CookieSerializeOptions {
  const secure = config.serve.public.base_url.startsWith("https:");
  return {
    path: config.cookies.path,
    httpOnly: true,
    secure,
    sameSite: secure ? (sameSite.toLowerCase() as "lax" | "strict" | "none") : "lax",
    ...(domain ? { domain } : {}),
  };
}

export function csrfCookie(config: Config): string {
  return csrfCookieName(config.serve.public.base_url);
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
  reply.setCookie(cookie.name, token, {
    ...baseOptions(config, cookie.same_site, cookie.domain || config.cookies.domain),
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  const { cookie } = config.session;
  reply.clearCookie(
    cookie.name,
    baseOptions(config, cookie.same_site, cookie.domain || config.cookies.domain),
  );
}

/**
 * `ory_kratos_continuity` binds a social sign-in to the browser that started it: the state
 * stored for the provider's answer holds a hash of this random value, so a callback URL
 * replayed in another browser (login CSRF) finds no match. SameSite=Lax lets the browser send
 * it on the top-level GET that comes back from the provider.
 */
export const continuityCookieName = "ory_kratos_continuity";

export function setContinuityCookie(
  reply: FastifyReply,
  config: Config,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(continuityCookieName, value, {
    ...baseOptions(config, "Lax", config.cookies.domain),
    maxAge: maxAgeSeconds,
  });
}
