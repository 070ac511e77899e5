import type { Config } from "../config/config.ts";
import type { PasswordHasher } from "../hash/index.ts";
import type { IdentitySchema } from "../identity/identity-schema.ts";
import type { OAuth2Provider } from "../oauth2/oauth2-provider.ts";
import type { Persistence } from "../persistence/persistence.ts";

// What every handler is given, declared at the bottom so any layer may name it without
// importing upwards; composition/app.ts fills it once at start.

/**
 * The strategies each flow dispatches to. Empty here on purpose: each flow declares its own
 * entry next to the interface its strategies implement (flows/<flow>/strategy.ts, and
 * session/aal.ts for second factors) by augmenting this interface, so this file never imports
 * a flow. The composition root (composition/registry.ts) fills every entry; the compiler checks
 * it does.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging (see above)
export interface Strategies {}

/**
 * Everything a handler needs, built once by the composition root. A method that needs a
 * service of its own adds it the same way flows add their strategies: social sign-in's provider
 * clients are `oidc`, declared in strategies/oidc/clients.ts.
 */
export interface Deps {
  config: Readonly<Config>;
  persistence: Persistence;
  hasher: PasswordHasher;
  schemas: ReadonlyMap<string, IdentitySchema>;
  defaultSchema: IdentitySchema;
  /** Injected for the breach check and the social sign-in providers; tests pass stubs. */
  fetch: typeof fetch;
  /** The OAuth2 server of `oauth2_provider.url` (login challenges); undefined without one. */
  oauth2: OAuth2Provider | undefined;
  /** Which strategy serves which flow (composition/registry.ts). */
  strategies: Strategies;
  now(): Date;
}
