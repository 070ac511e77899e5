/**
 * Password hashing (docs/security.md#what-is-protected-and-how; docs/protocol.md#hashers).
 *
 * New hashes are argon2id (RFC 9106) in PHC format, computed on libuv's thread pool. Hashes
 * imported from shops (bcrypt, argon2 variants, Kratos's pbkdf2) are verified as they are, and
 * `needsRehash` tells the login to replace them with the current argon2id parameters.
 * `verify` never throws: a hash we cannot read is a failed login, not a server error.
 */
import { availableParallelism } from "node:os";
import {
  type Argon2Options,
  assertArgon2Options,
  hasArgon2idParameters,
  hashArgon2id,
  parseArgon2Hash,
  verifyArgon2,
} from "./argon2.ts";
import { parseBcryptHash, verifyBcrypt } from "./bcrypt.ts";
import { concurrencyLimit } from "./concurrency-limit.ts";
import { createDummyHash } from "./dummy-hash.ts";
import { parsePbkdf2Hash, verifyPbkdf2 } from "./pbkdf2.ts";
import { parsePhpassHash, verifyPhpass } from "./phpass.ts";
import { parseSaltedDigestHash, verifySaltedDigest } from "./salted-digest.ts";

export interface PasswordHasher {
  /** The argon2id PHC string of `password` under the configured parameters. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches `encoded` (any format above); false for unreadable hashes. */
  verify(password: string, encoded: string): Promise<boolean>;
  /** True unless `encoded` is argon2id with exactly the configured parameters. */
  needsRehash(encoded: string): boolean;
  /** One argon2id verify whose result is discarded, for identifiers without a password. */
  verifyDummy(password: string): Promise<void>;
}

export interface PasswordHasherOptions {
  argon2: Argon2Options;
  /** How many hashes may run at once (default: the CPUs this process may use). */
  concurrency?: number;
}

/** OWASP's first argon2id recommendation (19 MiB, 2 passes, 1 lane); our default. */
export const defaultArgon2Options: Readonly<Argon2Options> = Object.freeze({
  memoryKib: 19_456,
  iterations: 2,
  parallelism: 1,
});

interface HashFormat {
  isFormatOf(encoded: string): boolean;
  verify(password: string, encoded: string): Promise<boolean>;
}

const hashFormats: readonly HashFormat[] = [
  { isFormatOf: (encoded) => parseArgon2Hash(encoded) !== undefined, verify: verifyArgon2 },
  { isFormatOf: (encoded) => parseBcryptHash(encoded) !== undefined, verify: verifyBcrypt },
  { isFormatOf: (encoded) => parsePbkdf2Hash(encoded) !== undefined, verify: verifyPbkdf2 },
  { isFormatOf: (encoded) => parsePhpassHash(encoded) !== undefined, verify: verifyPhpass },
  {
    isFormatOf: (encoded) => parseSaltedDigestHash(encoded) !== undefined,
    verify: verifySaltedDigest,
  },
];

/** Whether `verify` can read `encoded`: lets an identity import refuse a hash up front. */
export function isSupportedPasswordHash(encoded: string): boolean {
  return hashFormats.some((format) => format.isFormatOf(encoded));
}

/** Throws a `HashError` ("hash_invalid_options") when the argon2 parameters are out of range. */
export function createPasswordHasher(options: PasswordHasherOptions): PasswordHasher {
  assertArgon2Options(options.argon2);
  const argon2: Readonly<Argon2Options> = Object.freeze({ ...options.argon2 });
  const dummyHash = createDummyHash(argon2);
  const limit = concurrencyLimit(Math.max(1, options.concurrency ?? availableParallelism()));

  return {
    hash: (password) => limit(() => hashArgon2id(password, argon2)),
    verify: async (password, encoded) => {
      const format = hashFormats.find((candidate) => candidate.isFormatOf(encoded));
      return format ? limit(() => format.verify(password, encoded)) : false;
    },
    needsRehash: (encoded) => !hasArgon2idParameters(encoded, argon2),
    verifyDummy: async (password) => {
      const hash = await dummyHash();
      await limit(() => verifyArgon2(password, hash));
    },
  };
}
