import type { Kysely } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Database } from "./database.ts";
import * as initial from "./migrations/0001-initial.ts";
import * as outboxWebhooks from "./migrations/0002-outbox-webhooks.ts";
import * as accountSafety from "./migrations/0003-account-safety.ts";
import * as identityChangeNotifications from "./migrations/0004-identity-change-notifications.ts";
import * as outboxNotifications from "./migrations/0005-outbox-notifications.ts";
import * as consoleTables from "./migrations/0006-console.ts";
import * as consoleSearch from "./migrations/0007-console-search.ts";
import * as welcomeGifts from "./migrations/0008-welcome-gifts.ts";
import * as identityKeyIndexes from "./migrations/0009-identity-key-indexes.ts";
import * as cleanupIndexes from "./migrations/0010-cleanup-indexes.ts";

// The schema's migrations, in order. Kysely's migrator makes concurrent runs safe on PostgreSQL:
// it creates its bookkeeping tables tolerating a race, then runs the pending migrations inside
// one transaction under a session advisory lock (pg_advisory_lock), so a second instance that
// starts at the same moment waits, then finds nothing left to do. PGlite has one connection
// and one process.

const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-outbox-webhooks": outboxWebhooks,
  "0003-account-safety": accountSafety,
  "0004-identity-change-notifications": identityChangeNotifications,
  "0005-outbox-notifications": outboxNotifications,
  "0006-console": consoleTables,
  "0007-console-search": consoleSearch,
  "0008-welcome-gifts": welcomeGifts,
  "0009-identity-key-indexes": identityKeyIndexes,
  "0010-cleanup-indexes": cleanupIndexes,
};

/** The names of the schema's migrations, in the order they run. */
export const migrationNames: readonly string[] = Object.keys(migrations);

function migratorFor(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

export class MigrationError extends Error {
  override readonly name = "MigrationError";
}

/** Applies the pending migrations; returns the names applied by this call. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await migratorFor(db).migrateToLatest();
  if (error) throw new MigrationError("database migration failed", { cause: error });
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Throws unless every migration this version knows has been applied. */
export async function assertMigrated(db: Kysely<Database>): Promise<void> {
  const pending = (await migratorFor(db).getMigrations())
    .filter((m) => m.executedAt === undefined)
    .map((m) => m.name);
  if (pending.length > 0) {
    throw new MigrationError(
      `the database schema is behind (pending: ${pending.join(", ")}): run the migrate command first, or set auto_migrate: true`,
    );
  }
}
