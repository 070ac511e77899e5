// CSRF protection of every change (OWASP's synchronizer token pattern, with the token derived
// from the session instead of stored): each form carries `csrf`, an HMAC of the session's
// random id under a key of its own (sealed-cookie.ts), and every server action and the logout
// route check it before doing anything. Another site can make a staff member's browser post a
// form, but cannot read a console page, so it cannot know the token. This is on top of the
// SameSite=Lax session cookie and Next's own check that a server action's Origin is this host.

import { createHmac, timingSafeEqual } from "node:crypto";
import { derivedKey } from "./sealed-cookie";

export const CSRF_FIELD = "csrf";

function tokenFor(sid: string, secret: string): Buffer {
  return createHmac("sha256", derivedKey(secret, "csrf")).update(sid).digest();
}

/** The token the forms of this session carry. */
export function csrfToken(sid: string, secrets: readonly string[]): string {
  const secret = secrets[0];
  if (!secret) throw new Error("no secret for the CSRF token");
  return tokenFor(sid, secret).toString("base64url");
}

/** Whether `given` is this session's token (under any configured secret), in constant time. */
export function isCsrfTokenValid(sid: string, given: unknown, secrets: readonly string[]): boolean {
  if (typeof given !== "string" || given.length > 100) return false;
  const presented = Buffer.from(given, "base64url");
  return secrets.some((secret) => {
    const expected = tokenFor(sid, secret);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  });
}
