import type { Config } from "../config/config.ts";
import type { PasswordHasher } from "../hash/index.ts";
import type { IdentitySchema } from "../identity/identity-schema.ts";
import type { Persistence } from "../persistence/persistence.ts";

/** Everything a handler needs, built once by the composition root. */
export interface Deps {
  config: Readonly<Config>;
  persistence: Persistence;
  hasher: PasswordHasher;
  schemas: ReadonlyMap<string, IdentitySchema>;
  defaultSchema: IdentitySchema;
  /** Injected for the password policy's breach check; tests pass a local stub. */
  fetch: typeof fetch;
  now(): Date;
}
