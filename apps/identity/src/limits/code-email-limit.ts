import type { Deps } from "../deps/deps.ts";
import { identifierHash } from "./identifier-hash.ts";
import { hitWindow } from "./window-limit.ts";

/** Caps code emails per address so nobody can flood a customer's inbox through our forms. */
export async function limitCodeEmails(deps: Deps, address: string): Promise<void> {
  const key = `code-emails:${identifierHash(deps, address)}`;
  await hitWindow(
    deps,
    key,
    deps.config.rate_limits.code_emails_per_address,
    "code_emails_per_address",
  );
}

/**
 * One migration email per address while its code is valid (flows/recovery/migration-email.ts):
 * every password tried for the address asks for one, the first sends it. Quiet: a job asks.
 */
export async function firstMigrationEmail(deps: Deps, address: string): Promise<boolean> {
  const key = `migration-emails:${identifierHash(deps, address)}`;
  const window = deps.config.selfservice.methods.code.config.lifespan;
  const { count } = await deps.persistence.limits.hit(key, window, deps.now());
  return count === 1;
}
