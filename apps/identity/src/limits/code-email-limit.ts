import { createHash } from "node:crypto";
import type { Deps } from "../deps/deps.ts";
import { errors } from "../http/errors.ts";

/** Caps code emails per address so nobody can flood a customer's inbox through our forms. */
export async function limitCodeEmails(deps: Deps, address: string): Promise<void> {
  const { max, window } = deps.config.rate_limits.code_emails_per_address;
  const key = `code-emails:${createHash("sha256").update(address).digest("hex")}`;
  const { count, windowEndsAt } = await deps.persistence.limits.hit(key, window, deps.now());
  if (count > max)
    throw errors.tooManyRequests(
      Math.ceil((windowEndsAt.getTime() - deps.now().getTime()) / 1000),
      "code_emails_per_address",
    );
}

/**
 * One migration email per address while its code is valid (flows/recovery/migration-email.ts):
 * every password tried for the address asks for one, the first sends it. Quiet: a job asks.
 */
export async function firstMigrationEmail(deps: Deps, address: string): Promise<boolean> {
  const key = `migration-emails:${createHash("sha256").update(address).digest("hex")}`;
  const window = deps.config.selfservice.methods.code.config.lifespan;
  const { count } = await deps.persistence.limits.hit(key, window, deps.now());
  return count === 1;
}
