// Encrypted cookies (JWE, `dir` + A256GCM, RFC 7516) for what the console keeps in the browser
// but the browser must neither read nor change: the staff session and a sign-in under way.
// Every console instance derives the same keys from CONSOLE_SESSION_SECRETS, so any instance can
// answer any request (no sticky sessions, nothing in one process's memory). The first secret
// seals; every secret unseals, so a secret can be replaced without signing everyone out.
//
// Keys: HKDF-SHA-256 (RFC 5869) of each secret, one key per purpose, so a value sealed as one
// kind of cookie can never be opened as another.

import { hkdfSync } from "node:crypto";
import { EncryptJWT, errors, type JWTPayload, jwtDecrypt } from "jose";

export type SealPurpose = "session" | "login" | "csrf" | "search";

const keyCache = new Map<string, Uint8Array>();

/** The 256-bit key of `purpose` derived from `secret`. */
export function derivedKey(secret: string, purpose: SealPurpose): Uint8Array {
  const cacheKey = `${purpose}\0${secret}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = new Uint8Array(hkdfSync("sha256", secret, "moos-console", `cookie:${purpose}`, 32));
    keyCache.set(cacheKey, key);
  }
  return key;
}

/** Seals `payload` with the first secret; the token expires at `expiresAt` (seconds). */
export async function seal(
  payload: JWTPayload,
  options: { secrets: readonly string[]; purpose: SealPurpose; expiresAt: number },
): Promise<string> {
  const secret = options.secrets[0];
  if (!secret) throw new Error("no secret to seal with");
  return new EncryptJWT(payload)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(options.expiresAt)
    .encrypt(derivedKey(secret, options.purpose));
}

export interface Unsealed {
  readonly payload: JWTPayload;
  /** Its expiry has passed: authentic, but no longer to be used (only to say why it ended). */
  readonly expired: boolean;
}

/**
 * The payload of a sealed value, or undefined when no secret opens it or it was changed.
 * Never throws for what a client sent.
 */
export async function unseal(
  token: string | undefined,
  options: { secrets: readonly string[]; purpose: SealPurpose },
): Promise<Unsealed | undefined> {
  if (!token) return undefined;
  for (const secret of options.secrets) {
    try {
      const { payload } = await jwtDecrypt(token, derivedKey(secret, options.purpose), {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
      });
      return { payload, expired: false };
    } catch (error) {
      // The value decrypted (so it is ours and unchanged), only its time is up.
      if (error instanceof errors.JWTExpired) return { payload: error.payload, expired: true };
    }
  }
  return undefined;
}
