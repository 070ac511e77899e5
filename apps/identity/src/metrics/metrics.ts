import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { OutboxDepthRow, OutboxMessageType } from "../persistence/outbox.ts";

// Prometheus metrics (prom-client), served by the admin server's GET /metrics. One registry per
// app, so several apps in one process (tests) never share counters. Labels hold only bounded
// values (route patterns, known methods), never ids, addresses or anything a client chose.

/** What is read from the database at scrape time. */
export interface MetricsSources {
  /** Messages per type and status, for the statuses that are not final success. */
  outboxDepth(): Promise<OutboxDepthRow[]>;
  /** pg's pool counters; undefined for the embedded database, which has one connection. */
  pool(): { total: number; idle: number; waiting: number; max: number } | undefined;
  driver: "postgres" | "pglite";
  /** Asks the database now: true when it answered (docs/production.md#when-the-database-is-down). */
  databaseAvailable(): Promise<boolean>;
  /** whoami's session cache (persistence/sql/session-cache.ts). */
  sessionCache(): { entries: number; hits: number; misses: number; current: boolean };
}

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"server" | "method" | "route" | "status_code">;
  httpDuration: Histogram<"server" | "method" | "route" | "status_code">;
  logins: Counter<"method" | "result">;
  registrations: Counter<"method" | "result">;
  passkeysCreated: Counter<"path">;
  rateLimitRejections: Counter<"limit">;
  botChallenges: Counter<"event">;
  botRefusals: Counter<"reason">;
  courierSendFailures: Counter<"type" | "outcome">;
  dbQueryDuration: Histogram<"result">;
  unavailableResponses: Counter<"server">;
  /** docs/production.md#pruning-expired-rows */
  cleanupDeletedRows: Counter<"table">;
  cleanupSweeps: Counter<"outcome">;
}

const outboxStatuses = ["queued", "processing", "abandoned"] as const;
const outboxTypes: OutboxMessageType[] = ["email", "webhook", "job"];

export function createMetrics(
  sources: MetricsSources,
  options: { onCollectError?: (error: unknown) => void } = {},
): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // Process CPU, memory, event loop lag, GC: the standard names dashboards expect.
  collectDefaultMetrics({ register: registry });

  // One query per scrape feeds both outbox gauges: prom-client collects every metric at once,
  // in registration order, so the depth's collect starts the query and the age's awaits it.
  let reading: Promise<OutboxDepthRow[]> = Promise.resolve([]);
  new Gauge({
    name: "moos_identity_courier_outbox_messages",
    help: "Outbox messages not (yet) delivered, by type and status, read at scrape time",
    labelNames: ["type", "status"],
    registers,
    async collect() {
      reading = sources.outboxDepth().catch((error: unknown) => {
        options.onCollectError?.(error);
        return [];
      });
      const rows = await reading;
      // Zeros first, so an emptied status reads 0 instead of disappearing.
      for (const type of outboxTypes)
        for (const status of outboxStatuses) this.set({ type, status }, 0);
      for (const row of rows) this.set({ type: row.type, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: "moos_identity_courier_outbox_oldest_message_age_seconds",
    help: "Age of the oldest outbox message still waiting or being sent, by type (0 when none)",
    labelNames: ["type"],
    registers,
    async collect() {
      const rows = await reading;
      const now = Date.now();
      for (const type of outboxTypes) {
        const oldest = rows
          .filter((row) => row.type === type && row.status !== "abandoned")
          .reduce((min, row) => Math.min(min, row.oldest.getTime()), now);
        this.set({ type }, Math.max(0, (now - oldest) / 1000));
      }
    },
  });
  new Gauge({
    name: "moos_identity_database_info",
    help: "The database driver in use (1)",
    labelNames: ["driver"],
    registers,
  }).set({ driver: sources.driver }, 1);
  new Gauge({
    name: "moos_identity_database_available",
    help: "1 when the database answered at scrape time, 0 while it is unreachable",
    registers,
    async collect() {
      this.set((await sources.databaseAvailable()) ? 1 : 0);
    },
  });
  if (sources.driver === "postgres") registerPoolGauges(registry, sources);
  registerSessionCacheMetrics(registry, sources);

  const routeLabels = ["server", "method", "route", "status_code"] as const;
  return {
    registry,
    httpRequests: new Counter({
      name: "moos_identity_http_requests_total",
      help: "HTTP requests answered, by server, method, route pattern and status",
      labelNames: routeLabels,
      registers,
    }),
    httpDuration: new Histogram({
      name: "moos_identity_http_request_duration_seconds",
      help: "Time to answer HTTP requests, by server, method, route pattern and status",
      labelNames: routeLabels,
      // Password hashing (argon2id) puts sign-ins near 50-100 ms; throttled ones wait seconds.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    logins: new Counter({
      name: "moos_identity_logins_total",
      help: "Login submits, by method and result (success, failure, rate_limited, error)",
      labelNames: ["method", "result"],
      registers,
    }),
    registrations: new Counter({
      name: "moos_identity_registrations_total",
      help: "Registration submits, by method and result (success, failure, rate_limited, error)",
      labelNames: ["method", "result"],
      registers,
    }),
    passkeysCreated: new Counter({
      name: "moos_identity_passkeys_created_total",
      help: "Passkeys added to accounts, by path (sign_up, offer, automatic, settings)",
      labelNames: ["path"],
      registers,
    }),
    rateLimitRejections: new Counter({
      name: "moos_identity_rate_limit_rejections_total",
      help: "Requests refused with 429, by the limit that refused them",
      labelNames: ["limit"],
      registers,
    }),
    botChallenges: new Counter({
      name: "moos_identity_bot_challenges_total",
      help: "The bot defence's proofs of work, by event (issued, solved, failed, waited: a submit without JavaScript waited instead)",
      labelNames: ["event"],
      registers,
    }),
    botRefusals: new Counter({
      name: "moos_identity_bot_refusals_total",
      help: "Submits the bot defence refused, by reason (ip, network, target, surge, credential_stuffing, no_script, disposable_address)",
      labelNames: ["reason"],
      registers,
    }),
    courierSendFailures: new Counter({
      name: "moos_identity_courier_send_failures_total",
      help: "Failed outbox deliveries, by type and outcome (retry, abandoned, lease_lost)",
      labelNames: ["type", "outcome"],
      registers,
    }),
    unavailableResponses: new Counter({
      name: "moos_identity_unavailable_responses_total",
      help: "Requests answered 503 because the database was unreachable (browsers: sent to the error page), by server",
      labelNames: ["server"],
      registers,
    }),
    cleanupDeletedRows: new Counter({
      name: "moos_identity_cleanup_deleted_rows_total",
      help: "Expired rows this instance's sweeps deleted, by table",
      labelNames: ["table"],
      registers,
    }),
    cleanupSweeps: new Counter({
      name: "moos_identity_cleanup_sweeps_total",
      help: "Sweeps for expired rows, by outcome (swept; busy: another instance was sweeping; failed)",
      labelNames: ["outcome"],
      registers,
    }),
    dbQueryDuration: new Histogram({
      name: "moos_identity_database_query_duration_seconds",
      help: "Time database queries took, by result (ok, error)",
      labelNames: ["result"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
      registers,
    }),
  };
}

function registerSessionCacheMetrics(registry: Registry, sources: MetricsSources): void {
  const registers = [registry];
  new Gauge({
    name: "moos_identity_session_cache_entries",
    help: "Sessions held in this instance's whoami cache",
    registers,
    collect() {
      this.set(sources.sessionCache().entries);
    },
  });
  new Gauge({
    name: "moos_identity_session_cache_current",
    help: "1 while the cache hears every change from the database (else whoami reads the database)",
    registers,
    collect() {
      this.set(sources.sessionCache().current ? 1 : 0);
    },
  });
  // Counted by the cache itself (a plain increment on the hot path), handed over at scrape time.
  const seen = { hit: 0, miss: 0 };
  new Counter({
    name: "moos_identity_session_cache_lookups_total",
    help: "Session lookups by token (whoami), answered from the cache (hit) or the database (miss)",
    labelNames: ["result"],
    registers,
    collect() {
      const { hits, misses } = sources.sessionCache();
      this.inc({ result: "hit" }, hits - seen.hit);
      this.inc({ result: "miss" }, misses - seen.miss);
      seen.hit = hits;
      seen.miss = misses;
    },
  });
}

function registerPoolGauges(registry: Registry, sources: MetricsSources): void {
  const gauge = (name: string, help: string, read: (pool: PoolNumbers) => number): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const pool = sources.pool();
        if (pool) this.set(read(pool));
      },
    });
  };
  gauge("moos_identity_database_pool_connections", "Open pool connections", (p) => p.total);
  gauge("moos_identity_database_pool_idle_connections", "Idle pool connections", (p) => p.idle);
  gauge(
    "moos_identity_database_pool_waiting_requests",
    "Queries waiting for a free pool connection",
    (p) => p.waiting,
  );
  gauge("moos_identity_database_pool_max_connections", "The pool's size limit", (p) => p.max);
}

type PoolNumbers = NonNullable<ReturnType<MetricsSources["pool"]>>;
