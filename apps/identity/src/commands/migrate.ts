import type { Config } from "../config/config.ts";
import { createLogger } from "../http/logging.ts";
import { migrateDatabase } from "../persistence/sql/connect.ts";

// `main.ts migrate`: applies the pending schema migrations and exits, for operators who migrate
// as a release step (then `auto_migrate: false` keeps `serve` from doing it). Safe to run from
// several instances at once on PostgreSQL (persistence/sql/migrate.ts). PGlite is one process's
// folder: run it while the service is stopped. A PostgreSQL that is not reachable yet is waited
// for (a release step that starts with the database).

export async function migrate(config: Readonly<Config>): Promise<void> {
  const logger = createLogger(config);
  const applied = await migrateDatabase(config.dsn, {
    timeouts: { connectMs: config.database.connect_timeout, queryMs: 0 },
    onStartRetry: (err, delayMs) =>
      logger.warn({ err, retry_ms: delayMs }, "database: not reachable; waiting for it"),
  });
  logger.info(
    { applied },
    applied.length > 0 ? "migrations applied" : "the database schema is up to date",
  );
}
