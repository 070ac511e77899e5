import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import pg from "pg";
import type { Database } from "./database.ts";
import * as initial from "./migrations/0001-initial.ts";

const migrations: Record<string, Migration> = {
  "0001-initial": initial,
};

/**
 * Opens the database named by the DSN: `pglite://<folder>` (embedded, created on first use),
 * `memory://` (embedded, in memory, for tests) or `postgres://...` (a shared server, for
 * several instances).
 */
export function openDatabase(dsn: string): Kysely<Database> {
  return new Kysely<Database>({ dialect: dialectFor(dsn) });
}

/**
 * Applies pending migrations. Safe when several instances start at once: on PostgreSQL,
 * Kysely's migrator holds an advisory lock for the whole run and tolerates a table another
 * instance created a moment earlier; PGlite has a single connection.
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error("database migration failed", { cause: error });
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
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

function dialectFor(dsn: string): PGliteDialect | PostgresDialect {
  if (dsn.startsWith("postgres://") || dsn.startsWith("postgresql://")) {
    return new PostgresDialect({ pool: new pg.Pool({ connectionString: dsn, max: 10 }) });
  }
  if (dsn === "memory://") return new PGliteDialect({ pglite: () => new PGlite(pgliteOptions) });
  if (dsn.startsWith("pglite://")) {
    const folder = dsn.slice("pglite://".length);
    mkdirSync(folder, { recursive: true });
    return new PGliteDialect({ pglite: () => new PGlite(folder, pgliteOptions) });
  }
  throw new Error(`unsupported dsn "${dsn}": use pglite://<folder>, memory:// or postgres://`);
}
