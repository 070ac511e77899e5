import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";
import {
  clearSessionCookie,
  rotateCsrfSecret,
  sessionCookie,
  setSessionCookie,
} from "../http/cookies.ts";
import type { Identity } from "../identity/identity.ts";
import { refuseLockedAccount } from "./account-lock.ts";
import type { Aal, AuthenticationMethod, Session } from "./session.ts";
import { isSessionActive } from "./session.ts";
import { hashToken, logoutTokenFor, newSessionToken } from "./tokens.ts";

export interface ActiveSession {
  session: Session;
  identity: Identity;
  token: string;
}

export interface IssuedSession {
  session: Session;
  token: string;
}

/**
 * Creates a session for the identity; the caller decides whether it becomes a cookie. A locked
 * account gets none that works: AccountLocked (account-lock.ts).
 */
export async function createSession(
  deps: Deps,
  identity: Identity,
  method: { method: string; aal?: Aal; provider?: string },
  request: FastifyRequest,
): Promise<IssuedSession> {
  const now = deps.now();
  const token = newSessionToken();
  const aal = method.aal ?? "aal1";
  const session: Session = {
    id: crypto.randomUUID(),
    identity_id: identity.id,
    active: true,
    aal,
    authentication_methods: [
      {
        method: method.method,
        aal,
        completed_at: now.toISOString(),
        ...(method.provider ? { provider: method.provider } : {}),
      },
    ],
    devices: [deviceOf(request)],
    authenticated_at: now,
    issued_at: now,
    expires_at: new Date(now.getTime() + deps.config.session.lifespan),
  };
  await deps.persistence.sessions.createSession(
    session,
    hashToken(token),
    hashToken(logoutTokenFor(token, deps.config.secrets.default[0]!)),
  );
  await refuseLockedAccount(deps, session);
  return { session, token };
}

/** A refresh re-authenticates the current session instead of creating another one. */
export async function refreshSession(
  deps: Deps,
  active: ActiveSession,
  method: AuthenticationMethod,
): Promise<void> {
  active.session.authenticated_at = deps.now();
  active.session.authentication_methods = [...active.session.authentication_methods, method];
  await deps.persistence.sessions.updateSession(active.session);
}

export function deviceOf(request: FastifyRequest): {
  id: string;
  ip_address: string;
  user_agent: string;
} {
  return {
    id: crypto.randomUUID(),
    ip_address: request.ip,
    user_agent: String(request.headers["user-agent"] ?? "").slice(0, 512),
  };
}

/** Sets the cookie for a browser flow and rotates the CSRF secret (new identity, new token). */
export function sendSessionCookie(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedSession,
  options: { rotateCsrf?: boolean } = {},
): void {
  setSessionCookie(reply, deps.config, issued.token, issued.session.expires_at);
  if ((options.rotateCsrf ?? true) && !request.csrfRotated)
    rotateCsrfSecret(request, reply, deps.config);
}

export function endSessionCookie(deps: Deps, request: FastifyRequest, reply: FastifyReply): void {
  clearSessionCookie(reply, deps.config);
  rotateCsrfSecret(request, reply, deps.config);
}

/** The session token of a request: cookie, X-Session-Token or Authorization: Bearer. */
export function sessionTokenOf(deps: Deps, request: FastifyRequest): string | undefined {
  const header = request.headers["x-session-token"];
  if (typeof header === "string" && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith("bearer ")) return authorization.slice(7).trim();
  return request.cookies[sessionCookie(deps.config)] || undefined;
}

export async function findActiveSession(
  deps: Deps,
  request: FastifyRequest,
): Promise<ActiveSession | undefined> {
  const token = sessionTokenOf(deps, request);
  if (!token || token.length > 256) return undefined;
  return findActiveSessionByToken(deps, token);
}

export async function findActiveSessionByToken(
  deps: Deps,
  token: string,
): Promise<ActiveSession | undefined> {
  const found = await deps.persistence.sessions.getSessionWithIdentity(hashToken(token));
  if (!found || !isSessionActive(found.session, found.identity, deps.now())) return undefined;
  return { session: found.session, identity: found.identity, token };
}

/**
 * The request's active session for an answer that only reads it (whoami), from the instance's
 * session cache when it holds it: the objects are frozen and shared, never change them.
 */
export async function findActiveSessionReadOnly(
  deps: Deps,
  request: FastifyRequest,
): Promise<Readonly<ActiveSession> | undefined> {
  const token = sessionTokenOf(deps, request);
  if (!token || token.length > 256) return undefined;
  const now = deps.now();
  const found = await deps.persistence.sessions.getCachedSessionWithIdentity(hashToken(token), now);
  if (!found || !isSessionActive(found.session, found.identity, now)) return undefined;
  return { session: found.session, identity: found.identity, token };
}
