import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { type AvailabilityEvents, createGuardedPool, retryWhileUnavailable } from "@moos/postgres";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import type { Database } from "./database.ts";
import * as initial from "./migrations/0001-initial.ts";

const migrations: Record<string, Migration> = {
  "0001-initial": initial,
};

export interface OpenedDatabase {
  db: Kysely<Database>;
  /** Whether the database answered the last query (PostgreSQL; PGlite is always there). */
  isAvailable(): boolean;
  /** Asks the database now, within the timeouts; true when it answered. */
  probe(): Promise<boolean>;
}

export interface OpenDatabaseOptions extends AvailabilityEvents {
  /** PostgreSQL's bounds, in ms (config `database`); none for PGlite, which runs in-process. */
  connectTimeoutMs: number;
  queryTimeoutMs: number;
}

/**
 * Opens the database named by the DSN: `pglite://<folder>` (embedded, created on first use),
 * `memory://` (embedded, in memory, for tests) or `postgres://...` (a shared server, for
 * several instances). On PostgreSQL the pool outlives its server (@moos/postgres): a lost
 * connection ends no process, and every failure of the database is a DatabaseUnavailableError.
 */
export function openDatabase(dsn: string, options: OpenDatabaseOptions): OpenedDatabase {
  if (isPostgres(dsn)) {
    const pool = createGuardedPool({
      connectionString: dsn,
      max: 10,
      connectTimeoutMs: options.connectTimeoutMs,
      queryTimeoutMs: options.queryTimeoutMs,
      onUnavailable: options.onUnavailable,
      onAvailable: options.onAvailable,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool.kysely }) });
    return { db, isAvailable: () => pool.isAvailable(), probe: () => pool.probe() };
  }
  const db = new Kysely<Database>({ dialect: embeddedDialect(dsn) });
  return {
    db,
    isAvailable: () => true,
    async probe() {
      try {
        await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
        return true;
      } catch {
        return false;
      }
    },
  };
}

/**
 * Applies pending migrations. Safe when several instances start at once: on PostgreSQL,
 * Kysely's migrator holds an advisory lock for the whole run and tolerates a table another
 * instance created a moment earlier; PGlite has a single connection. On PostgreSQL they run
 * on a connection of their own without a query timeout, and a database that is not reachable
 * yet is waited for (`onRetry` says so before each new attempt).
 */
export async function migrate(
  dsn: string,
  options: {
    connectTimeoutMs: number;
    /** The embedded database to migrate (its only connection). */
    embedded?: Kysely<Database>;
    onRetry?(error: unknown, delayMs: number): void;
  },
): Promise<string[]> {
  if (!isPostgres(dsn)) {
    if (!options.embedded) throw new Error("migrating the embedded database needs its Kysely");
    return migrateWith(options.embedded);
  }
  return retryWhileUnavailable(
    async () => {
      const pool = createGuardedPool({
        connectionString: dsn,
        max: 1,
        connectTimeoutMs: options.connectTimeoutMs,
        queryTimeoutMs: 0,
      });
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool.kysely }) });
      try {
        return await migrateWith(db);
      } finally {
        await db.destroy();
      }
    },
    { onRetry: (error, delayMs) => options.onRetry?.(error, delayMs) },
  );
}

async function migrateWith(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error("database migration failed", { cause: error });
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

function isPostgres(dsn: string): boolean {
  return dsn.startsWith("postgres://") || dsn.startsWith("postgresql://");
}

// PGlite's defaults size PostgreSQL for a server (about 700 MB resident). One embedded service
// needs far less; these settings (the identity service's) bring it near 300 MB.
const pgliteOptions = {
  initialMemory: 128 * 2 ** 20,
  startParams: [
    ...["--single", "-F", "-O", "-j", "-c", "search_path=public", "-c", "exit_on_error=false"],
    ...["-c", "log_checkpoints=false", "-c", "max_worker_processes=0"],
    ...["-c", "max_parallel_workers=0", "-c", "max_parallel_workers_per_gather=0"],
    ...["-c", "io_method=sync", "-c", "max_parallel_maintenance_workers=0"],
    ...["-c", "shared_buffers=16MB", "-c", "wal_buffers=1MB", "-c", "work_mem=2MB"],
    ...["-c", "maintenance_work_mem=8MB", "-c", "max_connections=5"],
  ],
};

function embeddedDialect(dsn: string): PGliteDialect {
  if (dsn === "memory://") return new PGliteDialect({ pglite: () => new PGlite(pgliteOptions) });
  if (dsn.startsWith("pglite://")) {
    const folder = dsn.slice("pglite://".length);
    mkdirSync(folder, { recursive: true });
    return new PGliteDialect({ pglite: () => new PGlite(folder, pgliteOptions) });
  }
  throw new Error(`unsupported dsn "${dsn}": use pglite://<folder>, memory:// or postgres://`);
}
