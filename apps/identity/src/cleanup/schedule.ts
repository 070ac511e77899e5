import type { Logger } from "pino";
import type { Metrics } from "../metrics/metrics.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { type SweepConfig, sweepExpired, totalDeleted } from "./sweep.ts";

// Every instance sweeps for expired rows on its own timer (docs/production.md#pruning-expired-rows):
// every `cleanup.interval`, give or take a tenth, so instances started together by a deploy
// drift apart; the database's sweep lock lets one of them sweep at a time. A sweep runs beside
// the requests, never in their way: a failed one (the database away) is a warning and the next
// interval tries again, and it never ends the process. Stopping aborts a running sweep between
// two of its statements and waits for it, so the database can close after it.

const maxTimeoutMs = 2 ** 31 - 1;

export interface CleanupSchedule {
  /** No sweep starts after this; resolves once a running one has stopped. */
  stop(): Promise<void>;
}

export interface CleanupScheduleOptions {
  persistence: Persistence;
  config: SweepConfig;
  now: () => Date;
  logger: Logger;
  metrics: Pick<Metrics, "cleanupDeletedRows" | "cleanupSweeps">;
  /** 0 (inclusive) to 1 (exclusive), for the jitter; Math.random by default. */
  random?: () => number;
}

export function startCleanupSchedule(options: CleanupScheduleOptions): CleanupSchedule {
  const { config, logger, metrics } = options;
  const random = options.random ?? Math.random;
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function sweep(): Promise<void> {
    try {
      const report = await sweepExpired(options.persistence, config, {
        now: options.now(),
        signal: stopping.signal,
      });
      metrics.cleanupSweeps.inc({ outcome: report.outcome });
      if (report.outcome === "busy") {
        logger.debug("cleanup: another instance is sweeping; skipped");
        return;
      }
      for (const [table, count] of Object.entries(report.deleted))
        if (count > 0) metrics.cleanupDeletedRows.inc({ table }, count);
      logger.info(
        {
          deleted: report.deleted,
          total: totalDeleted(report.deleted),
          expired_before: report.expiredBefore.toISOString(),
          duration_ms: report.durationMs,
        },
        "cleanup: expired rows deleted",
      );
    } catch (err) {
      metrics.cleanupSweeps.inc({ outcome: "failed" });
      logger.warn({ err }, "cleanup: sweep failed; trying again at the next interval");
    }
  }

  function schedule(): void {
    // Node fires a longer timeout at once: past about 24 days, a sweep every 24 days.
    const delay = Math.min(config.cleanup.interval * (0.9 + 0.2 * random()), maxTimeoutMs);
    timer = setTimeout(() => {
      running = sweep().finally(() => {
        running = undefined;
        if (!stopping.signal.aborted) schedule();
      });
    }, delay);
    // A pending sweep never keeps the process alive.
    timer.unref();
  }

  schedule();
  return {
    async stop() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
