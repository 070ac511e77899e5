import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, type LogEvent, PostgresDialect } from "kysely";
import pg from "pg";
import {
  type ChangeListener,
  type ChangeSink,
  defaultPostgresListenerOptions,
  type ListenerLog,
  listenPglite,
  listenPostgres,
} from "./change-listener.ts";
import type { Database } from "./database.ts";
import { assertMigrated, migrateToLatest } from "./migrate.ts";
import { FastPGliteDialect } from "./pglite-dialect.ts";

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
   * Hands every identity change the database announces (migration 0003) to the sink: PGlite
   * in process, PostgreSQL over a LISTEN connection of its own (change-listener.ts).
   */
  listenForChanges(sink: ChangeSink, log?: ListenerLog): Promise<ChangeListener>;
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
  const { dialect, pool, pglite } = dialectFor(dsn);
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
    async listenForChanges(sink, log) {
      if (pool)
        return listenPostgres(dsn, sink, {
          ...defaultPostgresListenerOptions,
          ...(log ? { log } : {}),
        });
      // The dialect made its PGlite instance when the migrations (or the first query) ran.
      await db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
      const instance = pglite();
      if (!instance) throw new Error("PGlite was not started");
      return listenPglite(instance, sink);
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

// PGlite's defaults size PostgreSQL for a server (about 700 MB resident). One embedded service
// needs far less; these settings bring it near 300 MB with no change in behaviour.
const pgliteOptions = {
  initialMemory: 128 * 2 ** 20,
  startParams: [
    ...["--single", "-F", "-O", "-j", "-c", "search_path=public", "-c", "exit_on_error=false"],
    ...[
      "-c",
      "log_checkpoints=false",
      "-c",
      "max_worker_processes=0",
      "-c",
      "max_parallel_workers=0",
    ],
    ...["-c", "max_parallel_workers_per_gather=0", "-c", "io_method=sync"],
    ...[
      "-c",
      "max_parallel_maintenance_workers=0",
      "-c",
      "shared_buffers=16MB",
      "-c",
      "wal_buffers=1MB",
    ],
    ...["-c", "work_mem=2MB", "-c", "maintenance_work_mem=8MB", "-c", "max_connections=5"],
  ],
};

/**
 * PGlite makes a new data folder with a second, temporary PGlite that runs initdb; its
 * WebAssembly memory (about 450 MB) is garbage once the database is open, but V8 returns such
 * memory only at its next full collections, which an idle service may not reach for hours: the
 * first start of a new shop sat at 700 MB (issue 11). Two full collections with a turn of the
 * event loop between them free it (the first only queues the buffers' release, measured: one
 * collection left the service at 690 MB, two at about 430 MB). `gc` is not exposed to the
 * service's own code; the flag is set only while it is taken.
 */
async function collectInitdbGarbage(): Promise<void> {
  setFlagsFromString("--expose-gc");
  let gc: () => void;
  try {
    gc = runInNewContext("gc") as () => void;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
}

function dialectFor(dsn: string): {
  dialect: FastPGliteDialect | PostgresDialect;
  pool?: pg.Pool;
  /** The embedded database, once the dialect has started it. */
  pglite: () => PGlite | undefined;
} {
  let instance: PGlite | undefined;
  const embedded = (folder?: string) => ({
    dialect: new FastPGliteDialect({
      pglite: async () => {
        const isNew = folder !== undefined && !existsSync(join(folder, "PG_VERSION"));
        instance = folder ? new PGlite(folder, pgliteOptions) : new PGlite(pgliteOptions);
        if (isNew) {
          await instance.waitReady;
          await collectInitdbGarbage();
        }
        return instance;
      },
    }),
    pglite: () => instance,
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
