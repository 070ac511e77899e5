import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, type LogEvent, PostgresDialect } from "kysely";
import pg from "pg";
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

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: "postgres" | "pglite";
  /** pg's pool counters; undefined for PGlite (one embedded connection, no pool). */
  poolStats(): PoolStats | undefined;
  /**
   * Hands what the database announces (identity changes, outbox messages due) to the sinks:
   * PGlite in process, PostgreSQL over a LISTEN connection of its own (change-listener.ts).
   */
  listenForChanges(sinks: ChangeSinks, log?: ListenerLog): Promise<ChangeListener>;
}

export interface OpenDatabaseOptions {
  /**
   * `apply`: run pending migrations; `check`: refuse a schema that is behind; `skip`: neither
   * (the migrate command runs them itself).
   */
  migrations: "apply" | "check" | "skip";
  /** Called after every query with its duration (metrics). */
  onQuery?(durationMs: number, failed: boolean): void;
  /** An idle pooled connection broke (PostgreSQL restarted); the pool replaces it. */
  onPoolError?(error: Error): void;
}

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
  const { dialect, pool, pglite, folder } = dialectFor(dsn);
  if (folder !== undefined && isNewPgliteFolder(folder))
    await createPgliteFolder(folder, { migrations: options.migrations });
  // pg emits 'error' when an idle connection dies (a database restart or failover); without a
  // listener that event would end the process. The next query simply opens a new connection.
  pool?.on("error", (error) => options.onPoolError?.(error));
  const onQuery = options.onQuery;
  const db = new Kysely<Database>({
    dialect,
    ...(onQuery
      ? { log: (event: LogEvent) => onQuery(event.queryDurationMillis, event.level === "error") }
      : {}),
  });
  try {
    if (options.migrations === "apply") await migrateToLatest(db);
    else if (options.migrations === "check") await assertMigrated(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    driver: pool ? "postgres" : "pglite",
    async listenForChanges(sinks, log) {
      if (pool)
        return listenPostgres(dsn, sinks, {
          ...defaultPostgresListenerOptions,
          ...(log ? { log } : {}),
        });
      // The dialect made its PGlite instance when the migrations (or the first query) ran.
      await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
      const instance = pglite();
      if (!instance) throw new Error("PGlite was not started");
      return listenPglite(instance, sinks);
    },
    poolStats: () =>
      pool
        ? {
            total: pool.totalCount,
            idle: pool.idleCount,
            waiting: pool.waitingCount,
            max: poolSize,
          }
        : undefined,
  };
}

/** Opens the database and applies pending migrations (tests and tools). */
export async function connectDatabase(dsn: string): Promise<Kysely<Database>> {
  return (await openDatabase(dsn, { migrations: "apply" })).db;
}

function dialectFor(dsn: string): {
  dialect: FastPGliteDialect | PostgresDialect;
  pool?: pg.Pool;
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
  if (dsn.startsWith("postgres://") || dsn.startsWith("postgresql://")) {
    const pool = new pg.Pool({ connectionString: dsn, max: poolSize });
    return { dialect: new PostgresDialect({ pool }), pool, pglite: () => undefined };
  }
  if (dsn === "memory://") return embedded();
  if (dsn.startsWith("pglite://")) {
    const folder = dsn.slice("pglite://".length);
    mkdirSync(folder, { recursive: true });
    return embedded(folder);
  }
  throw new Error(`unsupported dsn "${dsn}": use pglite://<folder>, memory:// or postgres://`);
}
