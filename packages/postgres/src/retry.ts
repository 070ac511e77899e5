import { isDatabaseUnavailable } from "./unavailable.ts";

// A service starting while its database is away (a deployment that starts everything at once,
// a database restarting) waits for it instead of exiting: each attempt that finds the database
// unavailable is logged and tried again after a doubling delay. Anything else (a schema that is
// behind, a migration that fails) ends the wait at once.

export interface RetryOptions {
  /** Told before each wait: what failed, how long the wait is, and how many attempts failed. */
  onRetry(error: unknown, delayMs: number, failures: number): void;
  initialDelayMs?: number;
  maxDelayMs?: number;
}

export async function retryWhileUnavailable<T>(
  attempt: () => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const maxDelayMs = options.maxDelayMs ?? 5_000;
  let delayMs = options.initialDelayMs ?? 250;
  for (let failures = 1; ; failures++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      options.onRetry(error, delayMs, failures);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }
}
