import pino from "pino";
import { Counter, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import {
  type CleanupPersister,
  type Persistence,
  type PruneCounts,
  prunedTables,
} from "../persistence/persistence.ts";
import { startCleanupSchedule } from "./schedule.ts";

// The schedule of docs/production.md#pruning-expired-rows with a persistence port that fails or
// hangs on demand: a failed sweep is a warning and the next one comes; stopping waits for a
// running sweep, which stops at its signal. (The real deletes are tested against both databases
// in test/persistence/cleanup-contract.ts, the timer end to end in test/contract/cleanup.test.ts.)

const zero = (): PruneCounts =>
  Object.fromEntries(prunedTables.map((table) => [table, 0])) as PruneCounts;

function setUp(prune: CleanupPersister["pruneExpired"]) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: "debug" },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const registry = new Registry();
  const metrics = {
    cleanupDeletedRows: new Counter({
      name: "deleted",
      help: "deleted",
      labelNames: ["table"],
      registers: [registry],
    }),
    cleanupSweeps: new Counter({
      name: "sweeps",
      help: "sweeps",
      labelNames: ["outcome"],
      registers: [registry],
    }),
  };
  const cleanup: CleanupPersister = {
    pruneExpired: prune,
    whileSweepLocked: async (sweep) => ({ ran: true, value: await sweep(cleanup) }),
  };
  const schedule = startCleanupSchedule({
    persistence: { cleanup } as unknown as Persistence,
    config: {
      cleanup: { enabled: true, interval: 5, keep: 60_000, batch_size: 10 },
      security: { activity: { retention: 90 * 24 * 60 * 60_000 } },
    },
    now: () => new Date(),
    logger,
    metrics,
  });
  const sweeps = async (outcome: string): Promise<number> =>
    (await metrics.cleanupSweeps.get()).values.find((v) => v.labels.outcome === outcome)?.value ??
    0;
  return { schedule, lines, sweeps, metrics };
}

describe("the cleanup schedule", () => {
  it("logs a failed sweep as a warning, never throws, and sweeps again at the next interval", async () => {
    let calls = 0;
    const { schedule, lines, sweeps, metrics } = setUp(async () => {
      calls++;
      if (calls === 1) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      return { ...zero(), selfservice_flows: 3 };
    });
    await expect.poll(() => sweeps("swept")).toBeGreaterThanOrEqual(1);
    await schedule.stop();
    expect(await sweeps("failed")).toBe(1);
    const warning = lines.find((line) => line.level === 40);
    expect(warning).toMatchObject({
      msg: "cleanup: sweep failed; trying again at the next interval",
      err: { message: "connect ECONNREFUSED 127.0.0.1:5432" },
    });
    expect(lines.find((line) => line.msg === "cleanup: expired rows deleted")).toMatchObject({
      level: 30,
      total: 3,
      deleted: { selfservice_flows: 3, sessions: 0 },
    });
    const deleted = (await metrics.cleanupDeletedRows.get()).values;
    expect(deleted.find((v) => v.labels.table === "selfservice_flows")?.value).toBeGreaterThan(0);
  });

  it("stops a running sweep at its signal and waits for it", async () => {
    let started = 0;
    let finished = 0;
    const { schedule } = setUp(async (_cutoffs, options) => {
      started++;
      await new Promise<void>((resolve) => {
        if (options.signal?.aborted) resolve();
        else options.signal?.addEventListener("abort", () => resolve());
      });
      finished++;
      return zero();
    });
    await expect.poll(() => started).toBe(1);
    await schedule.stop();
    expect(finished).toBe(1);
    expect(started).toBe(1);
  });
});
