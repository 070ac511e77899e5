import { randomBytes } from "node:crypto";
import { type Argon2Options, hasArgon2idParameters, hashArgon2id } from "./argon2.ts";

// argon2id of a random, discarded password under the default parameters (m=19456, t=2, p=1).
// Shipping it means even the first unknown-identifier login after a start costs exactly one
// verify, like a wrong password does.
const defaultDummyHash =
  "$argon2id$v=19$m=19456,t=2,p=1$Ols9LqRFgxoIRt6dOjAJYA$WYxebc6widWcfqVOw4AYSnmgCrNT6DN1zyj/asSxG8w";

/**
 * A source of the hash that unknown identifiers are verified against. It must have the
 * configured parameters, or the dummy verify would take a different time than a real one: for
 * other parameters it is computed once, on first use, from a random password nobody knows.
 */
export function createDummyHash(options: Argon2Options): () => Promise<string> {
  if (hasArgon2idParameters(defaultDummyHash, options)) {
    return () => Promise.resolve(defaultDummyHash);
  }
  let pending: Promise<string> | undefined;
  return () => {
    pending ??= hashArgon2id(randomBytes(32).toString("base64url"), options).catch(
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
}
