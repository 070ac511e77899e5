import type { Config } from "../config/config.ts";
import type { PasswordHasher } from "../hash/index.ts";
import type { IdentitySchema } from "../identity/identity-schema.ts";
import type { Persistence } from "../persistence/persistence.ts";
import type { OidcClients } from "../strategies/oidc/clients.ts";

/** Everything a handler needs, built once by the composition root. */
export interface Deps {
  config: Readonly<Config>;
  persistence: Persistence;
  hasher: PasswordHasher;
  schemas: ReadonlyMap<string, IdentitySchema>;
  defaultSchema: IdentitySchema;
  /** Injected for the breach check and the social sign-in providers; tests pass stubs. */
  fetch: typeof fetch;
  /** One client per enabled social sign-in provider. */
  oidc: OidcClients;
  now(): Date;
}
