import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { identityChangesChannel } from "./migrations/0004-identity-change-notifications.ts";
import { outboxChannel } from "./migrations/0005-outbox-notifications.ts";

// Hears what the database announces: identity changes (migration 0004) for the session cache,
// and outbox messages due now (migration 0005) for the outbox's dispatcher. The cache trusts itself
// only while `isCurrent()`:
//
// - PGlite runs in this process, and delivers a transaction's notifications before the query
//   that committed it returns: it is current as soon as it listens.
// - PostgreSQL: a connection of its own runs LISTEN. Every `heartbeatMs` it runs `select 1`;
//   PostgreSQL sends a connection its pending notifications before answering, so an answer
//   to a heartbeat sent at time T means every change committed before T has been heard.
//   `isCurrent()` is true while such a T lies less than `maxLagMs` back. A heartbeat that gets
//   no answer within `deadConnectionMs`, an error or a closed connection count as a lost
//   connection: the cache is emptied (changes may have gone unheard), and once a new
//   connection listens it is emptied again and trusted from then on.

/** The listener connection's name in pg_stat_activity. */
export const listenerApplicationName = "moos-identity-changes";

export interface ChangeSink {
  invalidate(identityIds: Iterable<string>): void;
  clear(): void;
}

/** Who hears what the database announces. */
export interface ChangeSinks {
  identities: ChangeSink;
  /** A message of this outbox type (email, webhook, job) is due now. */
  outboxDue(type: string): void;
}

export interface ChangeListener {
  /** Whether every change committed more than `maxLagMs` ago has reached the sink. */
  isCurrent(): boolean;
  close(): Promise<void>;
}

export interface ListenerLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}

function deliver(sink: ChangeSink, payload: string | undefined): void {
  if (payload === "*" || !payload) sink.clear();
  else sink.invalidate(payload.split(","));
}

export async function listenPglite(pglite: PGlite, sinks: ChangeSinks): Promise<ChangeListener> {
  let listening = true;
  const unlisten = [
    await pglite.listen(identityChangesChannel, (payload) => deliver(sinks.identities, payload)),
    await pglite.listen(outboxChannel, (payload) => sinks.outboxDue(payload)),
  ];
  return {
    isCurrent: () => listening,
    async close() {
      listening = false;
      if (!pglite.closed) for (const stop of unlisten) await stop();
    },
  };
}

export interface PostgresListenerOptions {
  heartbeatMs: number;
  maxLagMs: number;
  deadConnectionMs: number;
  /** Bound on connecting (config `database.connect_timeout`); none when unset. */
  connectTimeoutMs?: number;
  log?: ListenerLog;
}

export const defaultPostgresListenerOptions: PostgresListenerOptions = {
  heartbeatMs: 200,
  maxLagMs: 750,
  deadConnectionMs: 2_000,
};

export function listenPostgres(
  dsn: string,
  sinks: ChangeSinks,
  options: PostgresListenerOptions = defaultPostgresListenerOptions,
): ChangeListener {
  let client: pg.Client | undefined;
  let confirmedAt = Number.NEGATIVE_INFINITY;
  let beatSince: number | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;
  let retryMs = 100;
  let closed = false;

  const lost = (which: pg.Client, error?: unknown): void => {
    if (client !== which) return;
    const wasListening = Number.isFinite(confirmedAt);
    client = undefined;
    confirmedAt = Number.NEGATIVE_INFINITY;
    beatSince = undefined;
    clearInterval(heartbeat);
    sinks.identities.clear();
    which.removeAllListeners("notification");
    which.on("error", () => {});
    which.end().catch(() => {});
    if (closed) return;
    // Once per loss: while the database is away, each new attempt fails quietly.
    if (wasListening)
      options.log?.warn(
        { err: error, retry_ms: retryMs },
        "session cache: lost the database's change notifications; answering from the database until they are back",
      );
    retry = setTimeout(connect, retryMs);
    retry.unref();
    // At most a second between attempts, so the notifications are back soon after the database.
    retryMs = Math.min(retryMs * 2, 1_000);
  };

  const beat = async (which: pg.Client): Promise<void> => {
    const now = performance.now();
    if (beatSince !== undefined) {
      if (now - beatSince > options.deadConnectionMs)
        lost(which, new Error("no answer to the heartbeat"));
      return;
    }
    beatSince = now;
    try {
      await which.query("select 1");
      if (client === which) confirmedAt = now;
    } catch (error) {
      lost(which, error);
    } finally {
      if (client === which) beatSince = undefined;
    }
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: dsn,
      keepAlive: true,
      application_name: listenerApplicationName,
      ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    });
    client = next;
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next, new Error("connection closed")));
    next.on("notification", (message) => {
      if (message.channel === identityChangesChannel) deliver(sinks.identities, message.payload);
      else if (message.channel === outboxChannel && message.payload)
        sinks.outboxDue(message.payload);
    });
    try {
      await next.connect();
      const started = performance.now();
      await next.query(`LISTEN ${identityChangesChannel}; LISTEN ${outboxChannel}`);
      if (client !== next) return;
      // Changes committed while nobody listened were not heard: start from nothing. (Outbox
      // messages announced meanwhile are found by the dispatcher's poll.)
      sinks.identities.clear();
      confirmedAt = started;
      if (retryMs > 100) options.log?.info({}, "session cache: change notifications are back");
      retryMs = 100;
      heartbeat = setInterval(() => void beat(next), options.heartbeatMs);
      heartbeat.unref();
    } catch (error) {
      lost(next, error);
    }
  };

  void connect();
  return {
    isCurrent: () => performance.now() - confirmedAt < options.maxLagMs,
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const last = client;
      client = undefined;
      confirmedAt = Number.NEGATIVE_INFINITY;
      if (last) {
        last.removeAllListeners("end");
        await last.end().catch(() => {});
      }
    },
  };
}
