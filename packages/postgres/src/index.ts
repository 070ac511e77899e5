export type { AvailabilityEvents } from "./availability.ts";
export { createGuardedPool, type GuardedPool, type PoolOptions, type PoolStats } from "./pool.ts";
export { type RetryOptions, retryWhileUnavailable } from "./retry.ts";
export {
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isServerUnavailableState,
} from "./unavailable.ts";
