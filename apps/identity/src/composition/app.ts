import { type ErrorReporter, startErrorReports } from "@moos/telemetry/error-reports";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { type CleanupSchedule, startCleanupSchedule } from "../cleanup/schedule.ts";
import type { Config } from "../config/config.ts";
import type { Deps } from "../deps/deps.ts";
import { migrationEmailJob } from "../flows/recovery/migration-email.ts";
import { recoveryEmailJob } from "../flows/recovery/recovery-email-job.ts";
import { createPasswordHasher } from "../hash/index.ts";
import { createLogger, type LoggerOptions } from "../http/logging.ts";
import { loadIdentitySchema } from "../identity/identity-schema.ts";
import { createMetrics, type Metrics } from "../metrics/metrics.ts";
import { createHydraAdminClient } from "../oauth2/hydra/hydra-admin-client.ts";
import { createOutboxDispatcher, type OutboxDispatcher } from "../outbox/dispatcher.ts";
import { emailKind } from "../outbox/email/email-kind.ts";
import { jobKind } from "../outbox/jobs/job-kind.ts";
import { webhookKind } from "../outbox/webhooks/webhook-kind.ts";
import { openDatabase } from "../persistence/sql/connect.ts";
import { SessionCache } from "../persistence/sql/session-cache.ts";
import { createSqlPersistence } from "../persistence/sql/sql-persistence.ts";
import { loginCodeJob } from "../strategies/code/login-code-job.ts";
import { createOidcClients } from "../strategies/oidc/clients.ts";
import { buildAdminServer } from "./admin-server.ts";
import { buildPublicServer } from "./public-server.ts";
import { selfServiceStrategies } from "./registry.ts";

// The composition root: the only place that picks the SQL adapter and wires everything.

export interface App {
  deps: Deps;
  logger: Logger;
  metrics: Metrics;
  /** Unexpected errors to Sentry (`sentry.dsn` outside `app_env: local`), else a no-op. */
  errorReports: ErrorReporter;
  publicServer: FastifyInstance;
  adminServer: FastifyInstance;
  /** Sends the outbox's emails, the shop's webhooks and runs its jobs (outbox/). */
  outbox: OutboxDispatcher;
  /** Listens on the configured (or, with port 0, random) ports; returns the base URLs. */
  listen(): Promise<{ publicUrl: string; adminUrl: string }>;
  /**
   * Graceful shutdown, bounded by `timeoutMs` (default `serve.shutdown_timeout`): stops
   * accepting, lets in-flight requests and sends finish, gives unfinished courier messages back
   * to the queue, stops a running sweep for expired rows, then closes the database.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
}

export interface AppOptions {
  fetch?: typeof fetch;
  /** Where the JSON log lines go (default stdout); tests capture them. */
  log?: LoggerOptions;
}

export async function createApp(config: Readonly<Config>, options: AppOptions = {}): Promise<App> {
  const logger = createLogger(config, options.log);
  let observeQuery = (_ms: number, _failed: boolean): void => {};
  const dbLog = logger.child({ component: "database" });
  const database = await openDatabase(config.dsn, {
    migrations: config.auto_migrate ? "apply" : "check",
    timeouts: {
      connectMs: config.database.connect_timeout,
      queryMs: config.database.query_timeout,
    },
    onQuery: (ms, failed) => observeQuery(ms, failed),
    // docs/production.md#when-the-database-is-down: one line when it goes, one when it is back.
    onStartRetry: (err, delayMs) =>
      dbLog.warn({ err, retry_ms: delayMs }, "database: not reachable at start; waiting for it"),
    onUnavailable: (err) =>
      dbLog.error({ err }, "database: unreachable; answering 503 until it is back"),
    onAvailable: (outageMs) =>
      dbLog.info({ outage_ms: Math.round(outageMs) }, "database: reachable again"),
  });
  const { db } = database;
  // whoami's sessions, kept until anything they depend on changes (session-cache.ts); at most
  // 10,000 (a few MB each thousand) and 5 minutes each.
  const sessionCache = new SessionCache({ maxEntries: 10_000, maxAgeMs: 5 * 60_000 });
  const persistence = createSqlPersistence(db, {
    sessionCache,
    singleProcess: database.driver === "pglite",
  });
  // Wakes the outbox's dispatcher (made below, once Deps exists) when the database says a
  // message is due.
  let outboxDue = (_type: string): void => {};
  const changes = await database.listenForChanges(
    {
      identities: sessionCache,
      outboxDue: (type) => outboxDue(type),
    },
    logger.child({ component: "session-cache" }),
  );
  sessionCache.trustWhile(changes.isCurrent);
  const metrics = createMetrics(
    {
      driver: database.driver,
      pool: database.poolStats,
      outboxDepth: () => persistence.outbox.depth(),
      databaseAvailable: () => database.probe(),
      sessionCache: () => sessionCache.stats(),
    },
    { onCollectError: (err) => logger.warn({ err }, "metrics: could not read the outbox") },
  );
  observeQuery = (ms, failed) =>
    metrics.dbQueryDuration.observe({ result: failed ? "error" : "ok" }, ms / 1000);

  const schemas = new Map(
    config.identity.schemas.map((s) => [s.id, loadIdentitySchema(s.id, s.url)]),
  );
  const defaultSchema = schemas.get(config.identity.default_schema_id);
  if (!defaultSchema)
    throw new Error(
      `identity.default_schema_id "${config.identity.default_schema_id}" names no schema`,
    );
  const { argon2 } = config.hashers;
  const fetchFn = options.fetch ?? fetch;
  const now = (): Date => new Date();
  const deps: Deps = {
    config,
    persistence,
    hasher: createPasswordHasher({
      argon2: {
        memoryKib: argon2.memory_kib,
        iterations: argon2.iterations,
        parallelism: argon2.parallelism,
      },
    }),
    schemas,
    defaultSchema,
    fetch: fetchFn,
    oidc: createOidcClients(config, { fetch: fetchFn, now }),
    oauth2: config.oauth2_provider.url
      ? createHydraAdminClient({
          url: config.oauth2_provider.url,
          headers: config.oauth2_provider.headers,
          rememberForMs: config.session.lifespan,
          fetch: fetchFn,
        })
      : undefined,
    strategies: selfServiceStrategies(),
    now,
  };
  const errorReports = await startErrorReports({
    dsn: config.sentry.dsn || undefined,
    environment: config.app_env,
    service: "identity",
  });
  const ops = { logger, metrics, errorReports };
  const publicServer = await buildPublicServer(deps, ops);
  const adminServer = await buildAdminServer(deps, ops);
  // The kinds of message the outbox holds, each with how it is sent and retried.
  const outbox = createOutboxDispatcher({
    outbox: persistence.outbox,
    kinds: [
      emailKind(config.courier, { logger: logger.child({ component: "courier" }) }),
      webhookKind(config, { fetch: fetchFn }),
      jobKind(config, {
        recovery_email: recoveryEmailJob(deps),
        login_code_email: loginCodeJob(deps),
        migration_email: migrationEmailJob(deps),
      }),
    ],
    pollIntervalMs: config.courier.dispatcher.poll_interval,
    batchSize: config.courier.dispatcher.batch_size,
    logger,
    onSendFailure: (type, outcome) => metrics.courierSendFailures.inc({ type, outcome }),
  });
  outboxDue = (type) => outbox.wake(type);
  // Pruning expired rows, started with the servers (docs/production.md#pruning-expired-rows).
  let cleanup: CleanupSchedule | undefined;
  return {
    deps,
    logger,
    metrics,
    errorReports,
    publicServer,
    adminServer,
    outbox,
    async listen() {
      const { public: pub, admin } = config.serve;
      const publicUrl = await publicServer.listen({ host: pub.host, port: pub.port });
      const adminUrl = await adminServer.listen({ host: admin.host, port: admin.port });
      if (config.courier.dispatcher.enabled) outbox.start();
      if (config.cleanup.enabled)
        cleanup = startCleanupSchedule({
          persistence,
          config,
          now,
          logger: logger.child({ component: "cleanup" }),
          metrics,
        });
      return { publicUrl, adminUrl };
    },
    async close({ timeoutMs = config.serve.shutdown_timeout } = {}) {
      // The database stays open until requests and sends are done: both still need it.
      await Promise.all([
        closeServer(publicServer, timeoutMs),
        closeServer(adminServer, timeoutMs),
        outbox.stop({ graceMs: timeoutMs }),
        cleanup?.stop(),
      ]);
      await changes.close();
      await deps.persistence.close();
      await errorReports.flush(2_000);
    },
  };
}

/** Stops listening and waits for in-flight requests; past the deadline, drops the connections. */
async function closeServer(server: FastifyInstance, timeoutMs: number): Promise<void> {
  const closing = server.close();
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(true), timeoutMs);
  });
  const timedOut = await Promise.race([closing.then(() => false), overdue]);
  clearTimeout(timer);
  if (timedOut) {
    server.log.warn(
      { timeout_ms: timeoutMs },
      "shutdown: requests still running; closing their connections",
    );
    server.server.closeAllConnections();
    await closing;
  }
}
