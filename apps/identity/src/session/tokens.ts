import { createHash, createHmac, randomBytes } from "node:crypto";

// Session tokens are `ory_st_` + 32 alphanumerics (~190 bits from the CSPRNG) as Kratos sends
// them. Only their SHA-256 is stored, so a database leak yields no usable token. The logout
// token is derived from the session token with an HMAC, so it too is never stored in clear.

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += alphabet[byte % 62];
    }
  }
  return out;
}

export function newSessionToken(): string {
  return `ory_st_${randomAlphanumeric(32)}`;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function logoutTokenFor(sessionToken: string, secret: string): string {
  const mac = createHmac("sha256", secret).update(`logout:${sessionToken}`).digest();
  let out = "";
  for (const byte of mac) if (out.length < 32) out += alphabet[byte % 62];
  return `ory_lo_${out}`;
}
