import type { Deps } from "../deps/deps.ts";
import { errors } from "../http/errors.ts";
import type { RateLimitName } from "../http/request-outcome.ts";

/**
 * Counts one hit in `key`'s fixed window (`rate_limits`, shared by every instance) and refuses
 * with 429, and when the window ends, once the count passes `max`.
 */
export async function hitWindow(
  deps: Deps,
  key: string,
  limit: { max: number; window: number },
  name: RateLimitName,
): Promise<void> {
  const { count, windowEndsAt } = await deps.persistence.limits.hit(key, limit.window, deps.now());
  if (count > limit.max) {
    const seconds = Math.ceil((windowEndsAt.getTime() - deps.now().getTime()) / 1000);
    throw errors.tooManyRequests(Math.max(1, seconds), name);
  }
}
