import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import pg from "pg";
import { type Availability, type AvailabilityEvents, trackAvailability } from "./availability.ts";
import { DatabaseUnavailableError, hasSqlState, isServerUnavailableState } from "./unavailable.ts";

// pg's pool for Kysely, made to outlive its server (docs/production.md#when-the-database-is-down).
//
// Why a process died when PostgreSQL crashed: pg's Client emits 'error' whenever its
// connection ends without `end()` ("Connection terminated unexpectedly"), even while a query
// runs (that query is failed too). pg's pool listens for it only on idle clients: it removes its
// listener while a client is checked out. Kysely checks a client out for every query and
// transaction, so a crash that met any query in flight (a request's, or the outbox's poll)
// emitted 'error' on a client nobody listened to, and Node ended the process. Here every client
// gets a listener of its own for its whole life, which notes the connection as lost; the query
// then fails with DatabaseUnavailableError and the pool drops the client.
//
// Timeouts: getting a connection (connecting, or waiting for a free one) is bounded by
// `connectTimeoutMs`; a query by `queryTimeoutMs`, told to the server as `statement_timeout`
// (it cancels the statement) and kept here too (a server that does not answer at all, as after
// a network partition): then the connection is dropped. Either way the caller gets
// DatabaseUnavailableError, never a wait without end.

export interface PoolOptions extends AvailabilityEvents {
  connectionString: string;
  max: number;
  /** Bound on getting a connection: connecting, or waiting for a free one (ms). */
  connectTimeoutMs: number;
  /** Bound on one query (ms); 0: none (migrations, which may take long on a big table). */
  queryTimeoutMs: number;
  /** The connections' name in pg_stat_activity. */
  applicationName?: string;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface GuardedPool {
  /** For Kysely's PostgresDialect. */
  readonly kysely: PostgresPool;
  stats(): PoolStats;
  /** Whether the database answered the last time anyone asked (availability.ts). */
  isAvailable(): boolean;
  /** Asks the database now (`select 1`, within the timeouts); true when it answered. */
  probe(): Promise<boolean>;
  end(): Promise<void>;
}

export function createGuardedPool(options: PoolOptions): GuardedPool {
  const availability = trackAvailability(options);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: options.connectTimeoutMs,
    keepAlive: true,
    ...(options.queryTimeoutMs > 0 ? { statement_timeout: options.queryTimeoutMs } : {}),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  });
  /** Clients whose connection broke: their next query fails at once, release drops them. */
  const lost = new WeakSet<pg.PoolClient>();
  const guarded = new WeakMap<pg.PoolClient, GuardedClient>();
  // The pool re-emits an idle client's error; the client's own listener below has noted it.
  pool.on("error", () => {});
  pool.on("connect", (client) => {
    client.on("error", (error: Error) => {
      lost.add(client as pg.PoolClient);
      availability.failed(
        new DatabaseUnavailableError("the connection was lost", { cause: error }),
      );
    });
  });

  const kysely: PostgresPool = {
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (cause) {
        // The server refused us for a reason of its own (a wrong password, no such database):
        // a mistake in the configuration, not an outage.
        if (hasSqlState(cause) && !isServerUnavailableState(cause)) throw cause;
        const error = new DatabaseUnavailableError("no connection to the database", { cause });
        availability.failed(error);
        throw error;
      }
      let wrapper = guarded.get(client);
      if (!wrapper) {
        wrapper = new GuardedClient(client, {
          lost,
          availability,
          timeoutMs: options.queryTimeoutMs,
        });
        guarded.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };

  return {
    kysely,
    stats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.max,
    }),
    isAvailable: () => availability.isAvailable(),
    async probe() {
      try {
        const client = await kysely.connect();
        try {
          await client.query("select 1", []);
        } finally {
          client.release();
        }
        return true;
      } catch {
        return false;
      }
    },
    end: () => pool.end(),
  };
}

interface GuardContext {
  lost: WeakSet<pg.PoolClient>;
  availability: Availability;
  timeoutMs: number;
}

/** A checked-out pg client as Kysely sees it: queries bounded in time, failures classified. */
class GuardedClient implements PostgresPoolClient {
  readonly #client: pg.PoolClient;
  readonly #context: GuardContext;
  /** Set when a query outran its timeout: the connection's state is unknown, release drops it. */
  #abandoned = false;

  constructor(client: pg.PoolClient, context: GuardContext) {
    this.#client = client;
    this.#context = context;
  }

  get processID(): number | undefined {
    return (this.#client as { processID?: number }).processID;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== "string") throw new Error("the guarded pool runs no cursors");
    return this.#run<R>(sql, parameters ?? []);
  }

  release(destroy?: boolean): void {
    const broken = this.#abandoned || this.#context.lost.has(this.#client);
    this.#abandoned = false;
    this.#client.release(destroy === true || broken);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const { availability, lost, timeoutMs } = this.#context;
    // A query that outran its timeout may still hold the connection: anything sent after it
    // (a transaction's rollback) would wait behind it.
    if (this.#abandoned) throw new DatabaseUnavailableError("the connection was given up");
    const sentAt = performance.now();
    const running = this.#client.query(sql, [...parameters]);
    let timer: NodeJS.Timeout | undefined;
    const outran = new Promise<never>((_, reject) => {
      if (timeoutMs <= 0) return;
      timer = setTimeout(() => {
        this.#abandoned = true;
        reject(new DatabaseUnavailableError(`the query took longer than ${timeoutMs} ms`));
      }, timeoutMs);
    });
    // Once abandoned, the query's own failure (when its connection is dropped) is expected.
    running.catch(() => {});
    try {
      const result = await Promise.race([running, outran]);
      availability.succeeded(sentAt);
      return result as unknown as PostgresQueryResult<R>;
    } catch (cause) {
      if (cause instanceof DatabaseUnavailableError) {
        availability.failed(cause);
        throw cause;
      }
      if (lost.has(this.#client) || isServerUnavailableState(cause)) {
        const error = new DatabaseUnavailableError("the database failed during a query", { cause });
        availability.failed(error);
        throw error;
      }
      throw cause;
    } finally {
      clearTimeout(timer);
    }
  }
}
