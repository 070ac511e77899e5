import { setTimeout as sleep } from "node:timers/promises";

// The identifier-first step looks the address up to offer a social-only account its providers.
// That lookup reads a few more rows when the address has an account (about 20 µs here), and a
// quiet machine lets a stopwatch see it over a few hundred tries (docs/security.md#no-timing-oracle;
// `npm run bench:timing`). So the step answers no sooner than a fixed time after it began: the
// work stays far below it, and only the timer's own jitter, the same for every address, shows.

/** Long enough to cover the step's work under load, short enough that nobody notices. */
export const IDENTIFIER_STEP_FLOOR_MS = 15;

/** Resolves once `floorMs` have passed since `startedAt` (a `performance.now()` reading). */
export async function notSoonerThan(startedAt: number, floorMs: number): Promise<void> {
  const left = startedAt + floorMs - performance.now();
  if (left > 0) await sleep(left);
}
