// The staff member's session in the console: an encrypted cookie (sealed-cookie.ts) holding who
// signed in (the ID token's subject), when (`auth_time`) and how (`amr`, `acr`), and the ID
// token itself for logging out at the provider. The browser holds it but cannot read or change
// it; no token of the provider's other than the ID token is kept (the console asks the
// provider for nothing after sign-in), and the console token never enters it.
//
// Lifetime (docs/console.md#sessions): it ends after 30 minutes without a request, or 8 hours
// after signing in, whichever comes first. Every page request and every action seals it again
// with the new "last seen" time (src/proxy.ts), so the cookie and the sealed expiry move together.
//
// Cookie: HttpOnly, SameSite=Lax (the provider's redirect back to /auth/callback is a cross-site
// navigation, which must not lose the sign-in under way; changes are guarded by CSRF tokens and
// the server actions' origin check, see csrf.ts), Path=/, and over https `Secure` with the
// `__Host-` prefix, so no sibling host can set or overwrite it (RFC 6265bis §4.1.3.2).

import { seal, unseal } from "./sealed-cookie";

export const IDLE_TIMEOUT_SECONDS = 30 * 60;
export const ABSOLUTE_TIMEOUT_SECONDS = 8 * 60 * 60;

export interface StaffSession {
  /** A random id of this session: the CSRF tokens are bound to it. */
  readonly sid: string;
  /** The staff member's identity id (the ID token's `sub`). */
  readonly sub: string;
  /** When they last signed in at the provider (`auth_time`, seconds since 1970). */
  readonly authTime: number;
  readonly amr: readonly string[];
  readonly acr: string | undefined;
  /** When this console session began (seconds). */
  readonly createdAt: number;
  /** The last request (seconds). */
  readonly seenAt: number;
  /** Sent back as `id_token_hint` when logging out. */
  readonly idToken: string;
}

export type SessionVerdict =
  | { readonly kind: "none" }
  | { readonly kind: "ended"; readonly why: "idle" | "absolute" }
  | { readonly kind: "active"; readonly session: StaffSession };

export function sessionCookieName(https: boolean): string {
  return https ? "__Host-moos_console" : "moos_console";
}

export function cookieOptions(https: boolean, maxAge: number) {
  return { httpOnly: true, sameSite: "lax" as const, secure: https, path: "/", maxAge };
}

/** When the session ends if nothing happens: 30 minutes idle, at most 8 hours in all. */
export function sessionEndsAt(session: Pick<StaffSession, "createdAt" | "seenAt">): number {
  return Math.min(
    session.seenAt + IDLE_TIMEOUT_SECONDS,
    session.createdAt + ABSOLUTE_TIMEOUT_SECONDS,
  );
}

export async function sealSession(
  session: StaffSession,
  secrets: readonly string[],
): Promise<string> {
  return seal(
    {
      sid: session.sid,
      sub: session.sub,
      auth_time: session.authTime,
      amr: [...session.amr],
      ...(session.acr ? { acr: session.acr } : {}),
      created_at: session.createdAt,
      seen_at: session.seenAt,
      id_token: session.idToken,
    },
    { secrets, purpose: "session", expiresAt: sessionEndsAt(session) },
  );
}

const isNumber = (value: unknown): value is number => typeof value === "number";
const isText = (value: unknown): value is string => typeof value === "string" && value !== "";

/**
 * What the cookie holds at `now` (seconds): no session, one that has ended (and why, so the
 * sign-in screen can say so), or an active one. The timeouts are checked here too, not only by
 * the sealed expiry, so the answer does not depend on how the clock rounded.
 */
export async function readSession(
  cookie: string | undefined,
  secrets: readonly string[],
  now: number,
): Promise<SessionVerdict> {
  if (!cookie) return { kind: "none" };
  const unsealed = await unseal(cookie, { secrets, purpose: "session" });
  if (!unsealed) return { kind: "none" };
  const { sid, sub, auth_time, amr, acr, created_at, seen_at, id_token } = unsealed.payload;
  if (!isText(sid) || !isText(sub) || !isText(id_token)) return { kind: "none" };
  if (!isNumber(auth_time) || !isNumber(created_at) || !isNumber(seen_at)) return { kind: "none" };
  if (now >= created_at + ABSOLUTE_TIMEOUT_SECONDS) return { kind: "ended", why: "absolute" };
  if (now >= seen_at + IDLE_TIMEOUT_SECONDS || unsealed.expired) {
    return { kind: "ended", why: "idle" };
  }
  return {
    kind: "active",
    session: {
      sid,
      sub,
      authTime: auth_time,
      amr: Array.isArray(amr) ? amr.filter(isText) : [],
      acr: isText(acr) ? acr : undefined,
      createdAt: created_at,
      seenAt: seen_at,
      idToken: id_token,
    },
  };
}

/** Clears a cookie of ours; a `__Host-` cookie is only replaced when the clearing one is `Secure` too. */
export function clearCookie(
  response: { cookies: { set(name: string, value: string, options: object): unknown } },
  name: string,
  https: boolean,
): void {
  response.cookies.set(name, "", cookieOptions(https, 0));
}
