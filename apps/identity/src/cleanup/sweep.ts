import type { Config } from "../config/config.ts";
import type { Persistence, PruneCounts } from "../persistence/persistence.ts";

// One sweep for expired rows (docs/production.md#pruning-expired-rows), as the schedule of every
// instance runs it and as `main.ts cleanup` runs it once. It computes the cut-offs from the
// settings and lets the persistence port delete in batches, under the database's sweep lock: a
// second instance sweeping at the same moment finds it held and does nothing this time.

/**
 * Rate-limit counters go this long after their window ended, whatever `cleanup.keep` says: an
 * ended window counts nothing (the next hit starts a new one), and the keys hold client
 * addresses, kept no longer than needed. The hour spares instances whose clocks disagree a
 * little a counter that is still running by theirs (a used bot-defence challenge among them).
 */
const rateLimitGraceMs = 60 * 60_000;

export type SweepReport =
  | {
      outcome: "swept";
      deleted: PruneCounts;
      /** Rows that expired before this went (rate-limit counters: see rateLimitGraceMs). */
      expiredBefore: Date;
      durationMs: number;
    }
  /** Another instance held the sweep lock: nothing was done. */
  | { outcome: "busy" };

/** What a sweep reads of the configuration (the whole of it will do). */
export interface SweepConfig {
  readonly cleanup: Readonly<Config["cleanup"]>;
  readonly security: { readonly activity: Pick<Config["security"]["activity"], "retention"> };
}

export async function sweepExpired(
  persistence: Persistence,
  config: SweepConfig,
  options: { now: Date; signal?: AbortSignal },
): Promise<SweepReport> {
  const started = performance.now();
  const now = options.now.getTime();
  const expiredBefore = new Date(now - config.cleanup.keep);
  const cutoffs = {
    expiredBefore,
    windowsEndedBefore: new Date(now - rateLimitGraceMs),
    activityBefore: new Date(now - config.security.activity.retention),
  };
  const batch = {
    batchSize: config.cleanup.batch_size,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const result = await persistence.cleanup.whileSweepLocked((cleanup) =>
    cleanup.pruneExpired(cutoffs, batch),
  );
  if (!result.ran) return { outcome: "busy" };
  return {
    outcome: "swept",
    deleted: result.value,
    expiredBefore,
    durationMs: Math.round(performance.now() - started),
  };
}

/** All rows a sweep deleted. */
export function totalDeleted(deleted: PruneCounts): number {
  return Object.values(deleted).reduce((sum, count) => sum + count, 0);
}
