import type { Config } from "../config/config.ts";
import { createLogger } from "../http/logging.ts";
import { openDatabase } from "../persistence/sql/connect.ts";
import { migrateToLatest } from "../persistence/sql/migrate.ts";

// `main.ts migrate`: applies the pending schema migrations and exits, for operators who migrate
// as a release step (then `auto_migrate: false` keeps `serve` from doing it). Safe to run from
// several instances at once on PostgreSQL (persistence/sql/migrate.ts). PGlite is one process's
// folder: run it while the service is stopped.

export async function migrate(config: Readonly<Config>): Promise<void> {
  const logger = createLogger(config);
  const { db } = await openDatabase(config.dsn, { migrations: "skip" });
  try {
    const applied = await migrateToLatest(db);
    logger.info(
      { applied },
      applied.length > 0 ? "migrations applied" : "the database schema is up to date",
    );
  } finally {
    await db.destroy();
  }
}
