import type { Deps } from "../deps/deps.ts";
import { errors } from "../http/errors.ts";
import { identifierHash } from "./identifier-hash.ts";

// Failed logins are counted per normalised identifier, whether or not an account exists, so
// the counter reveals nothing. From the configured failure on, each attempt waits a little
// longer (doubling, capped); past the daily maximum attempts get 429 until the day's window
// ends. Nothing locks an account for good, so an attacker cannot lock a customer out.

const day = 24 * 60 * 60 * 1000;

function keyOf(deps: Deps, identifier: string): string {
  return `login-failures:${identifierHash(deps, identifier)}`;
}

/** Waits or refuses as the failures so far demand; returns how many there were. */
export async function throttleLogin(deps: Deps, identifier: string): Promise<number> {
  const { delay_after, base_delay, max_delay, max_per_day } =
    deps.config.rate_limits.login_failures;
  const failures = await deps.persistence.limits.peek(keyOf(deps, identifier), deps.now());
  if (failures >= max_per_day) throw errors.tooManyRequests(60 * 60, "login_failures");
  if (failures >= delay_after) {
    const delay = Math.min(max_delay, base_delay * 2 ** (failures - delay_after));
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
  return failures;
}

export async function recordLoginFailure(deps: Deps, identifier: string): Promise<void> {
  await deps.persistence.limits.hit(keyOf(deps, identifier), day, deps.now());
}

export async function clearLoginFailures(deps: Deps, identifier: string): Promise<void> {
  await deps.persistence.limits.reset(keyOf(deps, identifier));
}
