import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { HashError } from "./errors.ts";

export interface Argon2Options {
  memoryKib: number;
  iterations: number;
  parallelism: number;
}

export type Argon2Variant = "argon2id" | "argon2i" | "argon2d";

export interface Argon2Hash {
  variant: Argon2Variant;
  version: number;
  memoryKib: number;
  iterations: number;
  parallelism: number;
}

// @node-rs/argon2 declares `Algorithm` as an ambient const enum: it has no runtime value and a
// per-file transpiler (Node's type stripping, esbuild) cannot inline it, so the member's value is written out.
const argon2id: Algorithm = 2;
const argon2Version = 19;

// PHC string format: $argon2<variant>$v=<version>$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>,
// salt and hash in standard base64 without padding.
// https://github.com/P-H-C/phc-string-format/blob/master/phc-sf-spec.md
const phcPattern =
  /^\$(argon2id|argon2i|argon2d)\$v=(\d{1,3})\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

// RFC 9106 §3.1: salts have at least 8 bytes, tags at least 4.
const minSaltBytes = 8;
const minHashBytes = 4;

function decodedLength(base64: string): number {
  // Unpadded base64 never has a length of 1 modulo 4; such a string was cut short.
  return base64.length % 4 === 1 ? -1 : Math.floor((base64.length * 3) / 4);
}

export function parseArgon2Hash(encoded: string): Argon2Hash | undefined {
  const match = phcPattern.exec(encoded);
  if (!match) return undefined;
  const [, variant, version, memoryKib, iterations, parallelism, salt = "", hash = ""] = match;
  if (decodedLength(salt) < minSaltBytes || decodedLength(hash) < minHashBytes) return undefined;
  return {
    variant: variant as Argon2Variant,
    version: Number(version),
    memoryKib: Number(memoryKib),
    iterations: Number(iterations),
    parallelism: Number(parallelism),
  };
}

/** The PHC string of `password` under argon2id with a fresh 16-byte salt and a 32-byte hash. */
export async function hashArgon2id(password: string, options: Argon2Options): Promise<string> {
  try {
    // The async API runs on libuv's thread pool, so hashing never blocks the event loop.
    return await hash(password, {
      algorithm: argon2id,
      memoryCost: options.memoryKib,
      timeCost: options.iterations,
      parallelism: options.parallelism,
      outputLen: 32,
    });
  } catch (error) {
    throw new HashError("hash_failed", "argon2id hashing failed", { cause: error });
  }
}

/** Verifies any argon2 variant; the library reads variant and parameters from the string. */
export async function verifyArgon2(password: string, encoded: string): Promise<boolean> {
  if (!parseArgon2Hash(encoded)) return false;
  try {
    // The library compares the hashes in constant time.
    return await verify(encoded, password);
  } catch {
    // Bad base64 or out-of-range parameters: a hash we cannot use, not a server error.
    return false;
  }
}

export function hasArgon2idParameters(encoded: string, options: Argon2Options): boolean {
  const parsed = parseArgon2Hash(encoded);
  return (
    parsed?.variant === "argon2id" &&
    parsed.version === argon2Version &&
    parsed.memoryKib === options.memoryKib &&
    parsed.iterations === options.iterations &&
    parsed.parallelism === options.parallelism
  );
}

/** Checks the limits of the argon2 specification (RFC 9106 §3.1) once, at start. */
export function assertArgon2Options(options: Argon2Options): void {
  const { memoryKib, iterations, parallelism } = options;
  const isValid =
    Number.isInteger(parallelism) &&
    parallelism >= 1 &&
    parallelism <= 255 &&
    Number.isInteger(iterations) &&
    iterations >= 1 &&
    iterations <= 0xffff_ffff &&
    Number.isInteger(memoryKib) &&
    memoryKib >= 8 * parallelism &&
    memoryKib <= 0xffff_ffff;
  if (!isValid) {
    throw new HashError(
      "hash_invalid_options",
      `invalid argon2 options m=${memoryKib},t=${iterations},p=${parallelism}: need integers with p in 1..255, t >= 1 and m >= 8*p KiB`,
    );
  }
}
