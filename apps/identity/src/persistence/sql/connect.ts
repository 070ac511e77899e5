import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import {
  type AvailabilityEvents,
  createGuardedPool,
  type GuardedPool,
  type PoolStats,
  retryWhileUnavailable,
} from "@moos/postgres";
import { Kysely, type LogEvent, PostgresDialect } from "kysely";
import {
  type ChangeListener,
  type ChangeSinks,
  defaultPostgresListenerOptions,
  type ListenerLog,
  listenPglite,
  listenPostgres,
} from "./change-listener.ts";
import type { Database } from "./database.ts";
import { assertMigrated, migrateToLatest } from "./migrate.ts";
import { FastPGliteDialect } from "./pglite-dialect.ts";
import { createPgliteFolder, isNewPgliteFolder } from "./pglite-folder.ts";
import { pgliteOptions } from "./pglite-options.ts";

export type { PoolStats };

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: "postgres" | "pglite";
  /** pg's pool counters; undefined for PGlite (one embedded connection, no pool). */
  poolStats(): PoolStats | undefined;
  /**
   * Whether the database answered the last query (PostgreSQL; the embedded database is always
   * there). Changes are told to `onUnavailable` and `onAvailable` once per outage.
   */
  isAvailable(): boolean;
  /** Asks the database now, within the timeouts; true when it answered. */
  probe(): Promise<boolean>;
  /**
   * Hands what the database announces (identity changes, outbox messages due) to the sinks:
   * PGlite in process, PostgreSQL over a LISTEN connection of its own (change-listener.ts).
   */
  listenForChanges(sinks: ChangeSinks, log?: ListenerLog): Promise<ChangeListener>;
}

export interface OpenDatabaseOptions extends AvailabilityEvents {
  /**
   * `apply`: run pending migrations; `check`: refuse a schema that is behind; `skip`: neither
   * (the migrate command runs them itself).
   */
  migrations: "apply" | "check" | "skip";
  /** PostgreSQL's bounds (config `database`); the defaults are the schema's. */
  timeouts?: DatabaseTimeouts;
  /**
   * PostgreSQL unreachable at start: told before each new attempt (the migrations, or the
   * schema check, wait for the database with a doubling delay instead of failing).
   */
  onStartRetry?(error: unknown, delayMs: number): void;
  /** Called after every query with its duration (metrics). */
  onQuery?(durationMs: number, failed: boolean): void;
}

export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
}

const defaultTimeouts: DatabaseTimeouts = { connectMs: 5_000, queryMs: 5_000 };
const poolSize = 10;

/**
 * Opens the database named by the DSN: `pglite://<folder>` (embedded, created on first use),
 * `memory://` (embedded, in memory, for tests) or `postgres://...` (a shared server, for
 * several instances), and applies or checks the migrations.
 */
export async function openDatabase(
  dsn: string,
  options: OpenDatabaseOptions,
): Promise<DatabaseHandle> {
  const timeouts = options.timeouts ?? defaultTimeouts;
  const postgres = isPostgres(dsn);
  if (postgres) {
    if (options.migrations === "apply") await migratePostgres(dsn, options);
    else if (options.migrations === "check")
      await withPostgresForMigrations(dsn, options, assertMigrated);
  }
  const { dialect, pool, pglite, folder } = dialectFor(dsn, timeouts, options);
  if (folder !== undefined && isNewPgliteFolder(folder))
    await createPgliteFolder(folder, { migrations: options.migrations });
  const onQuery = options.onQuery;
  const db = new Kysely<Database>({
    dialect,
    ...(onQuery
      ? { log: (event: LogEvent) => onQuery(event.queryDurationMillis, event.level === "error") }
      : {}),
  });
  if (!postgres) {
    try {
      if (options.migrations === "apply") await migrateToLatest(db);
      else if (options.migrations === "check") await assertMigrated(db);
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  return {
    db,
    driver: pool ? "postgres" : "pglite",
    isAvailable: () => pool?.isAvailable() ?? true,
    async probe() {
      if (pool) return pool.probe();
      try {
        await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
        return true;
      } catch {
        return false;
      }
    },
    async listenForChanges(sinks, log) {
      if (pool)
        return listenPostgres(dsn, sinks, {
          ...defaultPostgresListenerOptions,
          connectTimeoutMs: timeouts.connectMs,
          ...(log ? { log } : {}),
        });
      // The dialect made its PGlite instance when the migrations (or the first query) ran.
      await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
      const instance = pglite();
      if (!instance) throw new Error("PGlite was not started");
      return listenPglite(instance, sinks);
    },
    poolStats: () => pool?.stats(),
  };
}

/**
 * Applies the pending migrations (the migrate command, and `serve` with `auto_migrate`);
 * returns the names applied by this call. On PostgreSQL they run on a connection of their own
 * without a query timeout (a migration may take long on a big table), and wait for a database
 * that is not reachable yet.
 */
export async function migrateDatabase(
  dsn: string,
  options: Pick<OpenDatabaseOptions, "timeouts" | "onStartRetry"> = {},
): Promise<string[]> {
  if (isPostgres(dsn)) return migratePostgres(dsn, options);
  const { db } = await openDatabase(dsn, { migrations: "skip" });
  try {
    return await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Opens the database and applies pending migrations (tests and tools). */
export async function connectDatabase(dsn: string): Promise<Kysely<Database>> {
  return (await openDatabase(dsn, { migrations: "apply" })).db;
}

function isPostgres(dsn: string): boolean {
  return dsn.startsWith("postgres://") || dsn.startsWith("postgresql://");
}

function migratePostgres(
  dsn: string,
  options: Pick<OpenDatabaseOptions, "timeouts" | "onStartRetry">,
): Promise<string[]> {
  return withPostgresForMigrations(dsn, options, migrateToLatest);
}

/** Runs `work` on a one-connection pool without a query timeout, retried while unreachable. */
function withPostgresForMigrations<T>(
  dsn: string,
  options: Pick<OpenDatabaseOptions, "timeouts" | "onStartRetry">,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const { connectMs } = options.timeouts ?? defaultTimeouts;
  return retryWhileUnavailable(
    async () => {
      const pool = createGuardedPool({
        connectionString: dsn,
        max: 1,
        connectTimeoutMs: connectMs,
        queryTimeoutMs: 0,
      });
      const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool.kysely }) });
      try {
        return await work(db);
      } finally {
        await db.destroy();
      }
    },
    { onRetry: (error, delayMs) => options.onStartRetry?.(error, delayMs) },
  );
}

function dialectFor(
  dsn: string,
  timeouts: DatabaseTimeouts,
  events: AvailabilityEvents,
): {
  dialect: FastPGliteDialect | PostgresDialect;
  pool?: GuardedPool;
  /** The embedded database, once the dialect has started it. */
  pglite: () => PGlite | undefined;
  /** The embedded database's data folder (`pglite://`). */
  folder?: string;
} {
  let instance: PGlite | undefined;
  const embedded = (folder?: string) => ({
    dialect: new FastPGliteDialect({
      pglite: () => {
        instance = folder ? new PGlite(folder, pgliteOptions) : new PGlite(pgliteOptions);
        return instance;
      },
    }),
    pglite: () => instance,
    ...(folder !== undefined ? { folder } : {}),
  });
  if (isPostgres(dsn)) {
    const pool = createGuardedPool({
      connectionString: dsn,
      max: poolSize,
      connectTimeoutMs: timeouts.connectMs,
      queryTimeoutMs: timeouts.queryMs,
      onUnavailable: events.onUnavailable,
      onAvailable: events.onAvailable,
    });
    return { dialect: new PostgresDialect({ pool: pool.kysely }), pool, pglite: () => undefined };
  }
  if (dsn === "memory://") return embedded();
  if (dsn.startsWith("pglite://")) {
    const folder = dsn.slice("pglite://".length);
    mkdirSync(folder, { recursive: true });
    return embedded(folder);
  }
  throw new Error(`unsupported dsn "${dsn}": use pglite://<folder>, memory:// or postgres://`);
}
