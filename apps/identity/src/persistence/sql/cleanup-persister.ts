import { type Kysely, type RawBuilder, sql } from "kysely";
import {
  type CleanupPersister,
  type PruneCounts,
  type PruneCutoffs,
  type PrunedTable,
  prunedTables,
  type SweepLockResult,
} from "../persistence.ts";
import type { Database } from "./database.ts";

// Pruning what has expired (docs/production.md#pruning-expired-rows). Each table is emptied of
// its expired rows in short statements of at most a batch each, committed one by one, so no
// statement holds many row locks or runs long on a busy table:
//
//   delete from t where key in (
//     select key from t where <expired> limit $batch for update skip locked
//   ) and <expired>
//
// `skip locked` passes over rows a request's transaction holds (a flow being submitted, a
// counter being hit) and rows another instance's sweep has taken: nothing waits for the sweep,
// the sweep waits for nothing, and the next sweep takes what was skipped. The outer condition is
// checked again on the row as it is when deleted, so a counter whose window a request has just
// renewed stays. Migrations 0003 and 0010 give every condition its index.

/** How one table's expired rows are found. */
interface PruneRule {
  /** The primary key's columns. */
  key: readonly ("id" | "key" | "identifier_hash" | "day")[];
  column: "expires_at" | "updated_at" | "created_at" | "window_ends_at" | "occurred_at" | "last_at";
  cutoff: keyof PruneCutoffs;
  /** Rows in other states stay (an outbox message still to be sent). */
  only?: RawBuilder<unknown>;
}

export interface PruneTarget extends PruneRule {
  table: PrunedTable;
}

const byId = { key: ["id"] } as const;

// A rule for every table the port names (the compiler sees to it).
const pruneRules: Record<PrunedTable, PruneRule> = {
  selfservice_codes: { ...byId, column: "expires_at", cutoff: "expiredBefore" },
  selfservice_flows: { ...byId, column: "expires_at", cutoff: "expiredBefore" },
  sessions: { ...byId, column: "expires_at", cutoff: "expiredBefore" },
  courier_messages: {
    ...byId,
    column: "updated_at",
    cutoff: "expiredBefore",
    // Literals, as the partial index says them, so the planner may use it.
    only: sql.raw(`status in ('sent', 'abandoned')`),
  },
  selfservice_errors: { ...byId, column: "created_at", cutoff: "expiredBefore" },
  token_exchanges: { ...byId, column: "expires_at", cutoff: "expiredBefore" },
  security_links: { ...byId, column: "expires_at", cutoff: "expiredBefore" },
  email_changes: { ...byId, column: "expires_at", cutoff: "expiredBefore" },
  rate_limits: { key: ["key"], column: "window_ends_at", cutoff: "windowsEndedBefore" },
  security_events: { ...byId, column: "occurred_at", cutoff: "activityBefore" },
  // A day's row goes once its last failure is older than the retention.
  login_failures_daily: {
    key: ["identifier_hash", "day"],
    column: "last_at",
    cutoff: "activityBefore",
  },
};

/** In the port's order: codes before their flows, which take their codes along uncounted. */
export const pruneTargets: readonly PruneTarget[] = prunedTables.map((table) => ({
  table,
  ...pruneRules[table],
}));

/**
 * The session-level advisory lock one sweep at a time holds on PostgreSQL: the bytes of
 * "moosprun", a literal (a constant, never a value from outside).
 */
const sweepLockId = sql.raw(BigInt("0x6d6f6f737072756e").toString());

export interface SqlCleanupOptions {
  /**
   * The database belongs to this process alone (PGlite): no lock is needed, and taking its one
   * connection for a whole sweep would hold every request until the sweep is done.
   */
  singleProcess?: boolean;
}

export class SqlCleanupPersister implements CleanupPersister {
  private readonly db: Kysely<Database>;
  private readonly options: SqlCleanupOptions;

  constructor(db: Kysely<Database>, options: SqlCleanupOptions = {}) {
    this.db = db;
    this.options = options;
  }

  async pruneExpired(
    cutoffs: PruneCutoffs,
    options: { batchSize: number; signal?: AbortSignal },
  ): Promise<PruneCounts> {
    const counts = Object.fromEntries(prunedTables.map((table) => [table, 0])) as PruneCounts;
    for (const target of pruneTargets) {
      for (;;) {
        if (options.signal?.aborted) return counts;
        const deleted = await this.deleteBatch(target, cutoffs[target.cutoff], options.batchSize);
        counts[target.table] += deleted;
        if (deleted < options.batchSize) break;
      }
    }
    return counts;
  }

  async whileSweepLocked<T>(
    sweep: (cleanup: CleanupPersister) => Promise<T>,
  ): Promise<SweepLockResult<T>> {
    if (this.options.singleProcess) return { ran: true, value: await sweep(this) };
    // A session lock lives on one connection: the sweep runs on that connection too, so a
    // connection that breaks ends the sweep and frees the lock at once.
    return this.db.connection().execute(async (connection): Promise<SweepLockResult<T>> => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_lock(${sweepLockId}) as locked`.execute(connection);
      if (!rows[0]?.locked) return { ran: false };
      try {
        return { ran: true, value: await sweep(new SqlCleanupPersister(connection, this.options)) };
      } finally {
        // Should the unlock fail, the connection is broken, and its lock went with it.
        await sql`select pg_advisory_unlock(${sweepLockId})`
          .execute(connection)
          .catch(() => undefined);
      }
    });
  }

  private async deleteBatch(target: PruneTarget, cutoff: Date, batchSize: number): Promise<number> {
    const { table } = target;
    const result = await sql`
      delete from ${sql.table(table)} where (${keyOf(target)}) in (${selectExpired(target, cutoff, batchSize)})
      and ${expired(target, cutoff)}`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }
}

function expired(target: PruneTarget, cutoff: Date): RawBuilder<unknown> {
  const { column, only } = target;
  return only
    ? sql`${sql.ref(column)} < ${cutoff} and ${only}`
    : sql`${sql.ref(column)} < ${cutoff}`;
}

/** The keys of one batch of expired rows (its own export for the test of its index). */
export function selectExpired(
  target: PruneTarget,
  cutoff: Date,
  batchSize: number,
): RawBuilder<unknown> {
  return sql`select ${keyOf(target)} from ${sql.table(target.table)} where ${expired(target, cutoff)}
    limit ${batchSize} for update skip locked`;
}

function keyOf(target: PruneTarget): RawBuilder<unknown> {
  return sql.join(target.key.map((column) => sql.ref(column)));
}
