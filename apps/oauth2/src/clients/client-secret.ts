import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// Client secrets are stored only as scrypt hashes (as Hydra stores them hashed), so a copy of
// the database does not let anyone act as the shop's backend. Secrets the admin API generates
// carry 256 bits of randomness; secrets from the config file may be weaker, hence a slow hash.
// oidc-provider compares secrets through `compareClientSecret`, which provider/provider.ts
// points here; the stored hash is what oidc-provider sees as `client_secret`.

const params = { N: 2 ** 14, r: 8, p: 1 } as const;
const keyLength = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashClientSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyClientSecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(secret, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A new client secret: 32 random bytes, base64url (43 characters). */
export function generateClientSecret(): string {
  return randomBytes(32).toString("base64url");
}
