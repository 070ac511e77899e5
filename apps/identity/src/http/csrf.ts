import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// Double-submit CSRF as Kratos does it with nosurf (docs/protocol.md#csrf): the cookie holds 32 random
// bytes; forms carry base64(pad ‖ (secret XOR pad)), re-masked for every flow so the token in
// the page never equals the cookie (BREACH). Verification unmasks and compares in constant time.

const secretLength = 32;

export function csrfCookieName(publicBaseUrl: string): string {
  return `csrf_token_${createHash("sha256").update(publicBaseUrl).digest("hex")}`;
}

export function newCsrfSecret(): string {
  return randomBytes(secretLength).toString("base64");
}

export function decodeSecret(value: string | undefined): Buffer | undefined {
  if (!value) return undefined;
  const bytes = Buffer.from(value, "base64");
  return bytes.length === secretLength ? bytes : undefined;
}

export function maskCsrfToken(secret: string): string {
  const secretBytes = Buffer.from(secret, "base64");
  const pad = randomBytes(secretLength);
  const masked = Buffer.alloc(secretLength);
  for (let i = 0; i < secretLength; i++) masked[i] = secretBytes[i]! ^ pad[i]!;
  return Buffer.concat([pad, masked]).toString("base64");
}

function unmask(token: string): Buffer | undefined {
  const bytes = Buffer.from(token, "base64");
  if (bytes.length !== secretLength * 2) return undefined;
  const result = Buffer.alloc(secretLength);
  for (let i = 0; i < secretLength; i++) result[i] = bytes[i]! ^ bytes[i + secretLength]!;
  return result;
}

/**
 * The CSRF secret a flow's masked token was made from, for a flow made later for the same
 * browser (flows/recovery/migration-email.ts); undefined for anything else.
 */
export function csrfSecretOf(token: string): string | undefined {
  return unmask(token)?.toString("base64");
}

/** True when the masked token was made from the cookie's secret. */
export function csrfTokenMatches(token: unknown, cookieValue: string | undefined): boolean {
  const secret = decodeSecret(cookieValue);
  if (typeof token !== "string" || !secret) return false;
  const unmasked = unmask(token);
  return unmasked !== undefined && timingSafeEqual(unmasked, secret);
}
