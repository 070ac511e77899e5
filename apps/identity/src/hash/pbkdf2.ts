import { pbkdf2, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const pbkdf2Async = promisify(pbkdf2);

export type Pbkdf2Digest = "sha1" | "sha224" | "sha256" | "sha384" | "sha512";

export interface Pbkdf2Hash {
  digest: Pbkdf2Digest;
  iterations: number;
  salt: Buffer;
  hash: Buffer;
}

// Kratos's PHC-like form (hash/hash_comparator.go): $pbkdf2-<digest>$i=<iterations>,l=<key
// length>$<salt>$<hash>, standard base64 (Kratos writes it unpadded; padding is accepted).
const pbkdf2Pattern =
  /^\$pbkdf2-(sha1|sha224|sha256|sha384|sha512)\$i=(\d{1,10}),l=(\d{1,10})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

// Node's pbkdf2 takes at most 2^31-1 iterations.
const maxIterations = 0x7fff_ffff;
// A shorter hash would let a guess succeed by chance (a truncated import, say): refuse it.
const minHashBytes = 16;

export function parsePbkdf2Hash(encoded: string): Pbkdf2Hash | undefined {
  const match = pbkdf2Pattern.exec(encoded);
  if (!match) return undefined;
  const [, digest, iterations, , salt = "", hash = ""] = match;
  const rounds = Number(iterations);
  const hashBytes = Buffer.from(hash, "base64");
  if (rounds < 1 || rounds > maxIterations || hashBytes.length < minHashBytes) return undefined;
  // Like Kratos, the key length comes from the decoded hash; `l` is informational.
  return {
    digest: digest as Pbkdf2Digest,
    iterations: rounds,
    salt: Buffer.from(salt, "base64"),
    hash: hashBytes,
  };
}

export async function verifyPbkdf2(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePbkdf2Hash(encoded);
  if (!parsed) return false;
  try {
    // crypto.pbkdf2 runs on libuv's thread pool, off the main thread.
    const actual = await pbkdf2Async(
      password,
      parsed.salt,
      parsed.iterations,
      parsed.hash.length,
      parsed.digest,
    );
    // Constant time, so response time says nothing about how many leading bytes matched.
    return timingSafeEqual(actual, parsed.hash);
  } catch {
    return false;
  }
}
