import { type SweepReport, sweepExpired, totalDeleted } from "../cleanup/sweep.ts";
import type { Config } from "../config/config.ts";
import { openDatabase } from "../persistence/sql/connect.ts";
import { assertMigrated, migrateToLatest } from "../persistence/sql/migrate.ts";
import { createSqlPersistence } from "../persistence/sql/sql-persistence.ts";

// `main.ts cleanup` (docs/production.md#pruning-expired-rows): one sweep for expired rows now,
// the same the instances run every `cleanup.interval`, for operators who turn that off
// (`cleanup.enabled: false`) and run this from cron, or who want the backlog gone at once. Safe
// beside running instances on PostgreSQL: while one of them sweeps, the command finds the
// sweep lock held and does nothing. On PGlite run it while the service is stopped, as `migrate`
// (one process per data folder).

/** Runs one sweep; returns what to print: the rows deleted per table. */
export async function cleanup(config: Readonly<Config>): Promise<string> {
  // On PostgreSQL it neither waits for an unreachable database (cron runs it again; `migrate`
  // and `serve` wait) nor changes the schema: one that is behind is refused, as `migrate` is
  // the step that changes it. PGlite is opened as `serve` opens it.
  const database = await openDatabase(config.dsn, {
    migrations: "skip",
    timeouts: {
      connectMs: config.database.connect_timeout,
      queryMs: config.database.query_timeout,
    },
  });
  const persistence = createSqlPersistence(database.db, {
    singleProcess: database.driver === "pglite",
  });
  try {
    if (database.driver === "pglite" && config.auto_migrate) await migrateToLatest(database.db);
    else await assertMigrated(database.db);
    return describeSweep(await sweepExpired(persistence, config, { now: new Date() }));
  } finally {
    await persistence.close();
  }
}

function describeSweep(report: SweepReport): string {
  if (report.outcome === "busy") return "another instance is sweeping now; nothing deleted";
  const width = Math.max(...Object.keys(report.deleted).map((table) => table.length));
  const lines = Object.entries(report.deleted).map(
    ([table, count]) => `${table.padEnd(width)}  ${count}`,
  );
  const total = totalDeleted(report.deleted);
  return [
    ...lines,
    `${total} expired rows deleted (expired before ${report.expiredBefore.toISOString()}) in ${report.durationMs} ms`,
  ].join("\n");
}
