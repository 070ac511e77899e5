import { type ErrorReporter, startErrorReports } from "@moos/telemetry/error-reports";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "../config/config.ts";
import type { Deps } from "../deps/deps.ts";
import { migrationEmailJob } from "../flows/recovery/migration-email.ts";
import { recoveryEmailJob } from "../flows/recovery/recovery-email-job.ts";
import { createPasswordHasher } from "../hash/index.ts";
import { createLogger, type LoggerOptions } from "../http/logging.ts";
import { loadIdentitySchema } from "../identity/identity-schema.ts";
import { createMetrics, type Metrics } from "../metrics/metrics.ts";
import { createHydraAdminClient } from "../oauth2/hydra/hydra-admin-client.ts";
import { createDispatcher, type Dispatcher } from "../outbox/email/index.ts";
import { createJobDispatcher } from "../outbox/jobs/dispatcher.ts";
import { outboxDepth } from "../outbox/outbox-depth.ts";
import { createWebhookDispatcher } from "../outbox/webhooks/dispatcher.ts";
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
  dispatcher: Dispatcher;
  /** Delivers the shop's webhooks from the same outbox. */
  webhookDispatcher: Dispatcher;
  /** Runs the outbox's jobs (work taken off a request's path, jobs/). */
  jobDispatcher: Dispatcher;
  /** Listens on the configured (or, with port 0, random) ports; returns the base URLs. */
  listen(): Promise<{ publicUrl: string; adminUrl: string }>;
  /**
   * Graceful shutdown, bounded by `timeoutMs` (default `serve.shutdown_timeout`): stops
   * accepting, lets in-flight requests and sends finish, gives unfinished courier messages back
   * to the queue, then closes the database.
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
  const database = await openDatabase(config.dsn, {
    migrations: config.auto_migrate ? "apply" : "check",
    onQuery: (ms, failed) => observeQuery(ms, failed),
    onPoolError: (err) => logger.warn({ err }, "database: an idle connection was lost"),
  });
  const { db } = database;
  // whoami's sessions, kept until anything they depend on changes (session-cache.ts); at most
  // 10,000 (a few MB each thousand) and 5 minutes each.
  const sessionCache = new SessionCache({ maxEntries: 10_000, maxAgeMs: 5 * 60_000 });
  // The outbox's dispatchers by message type, woken when the database says one is due.
  const dispatchersByType = new Map<string, Dispatcher>();
  const changes = await database.listenForChanges(
    {
      identities: sessionCache,
      outboxDue: (type) => dispatchersByType.get(type)?.wake(),
    },
    logger.child({ component: "session-cache" }),
  );
  sessionCache.trustWhile(changes.isCurrent);
  const metrics = createMetrics(
    {
      driver: database.driver,
      pool: database.poolStats,
      outboxDepth: () => outboxDepth(db),
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
    persistence: createSqlPersistence(db, { sessionCache }),
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
  const failures = (type: "email" | "webhook" | "job") => (outcome: string) =>
    metrics.courierSendFailures.inc({ type, outcome });
  const dispatcher = createDispatcher(db, config.courier, {
    logger: logger.child({ component: "courier" }),
    onSendFailure: failures("email"),
  });
  const webhookDispatcher = createWebhookDispatcher(db, config, {
    fetch: fetchFn,
    logger: logger.child({ component: "webhooks" }),
    onSendFailure: failures("webhook"),
  });
  const jobDispatcher = createJobDispatcher(db, config, {
    handlers: {
      recovery_email: recoveryEmailJob(deps),
      login_code_email: loginCodeJob(deps),
      migration_email: migrationEmailJob(deps),
    },
    logger: logger.child({ component: "jobs" }),
    onSendFailure: failures("job"),
  });
  dispatchersByType.set("email", dispatcher);
  dispatchersByType.set("webhook", webhookDispatcher);
  // Jobs are not woken: they do work that depends on the address (a recovery job renders and
  // writes an email only for a registered one), and done right after the request that wrote
  // them, that work would slow the same client's next request (bench:timing: p = 1.8e-6).
  // On the poll it runs at a time the client does not choose.
  return {
    deps,
    logger,
    metrics,
    errorReports,
    publicServer,
    adminServer,
    dispatcher,
    webhookDispatcher,
    jobDispatcher,
    async listen() {
      const { public: pub, admin } = config.serve;
      const publicUrl = await publicServer.listen({ host: pub.host, port: pub.port });
      const adminUrl = await adminServer.listen({ host: admin.host, port: admin.port });
      if (config.courier.dispatcher.enabled) {
        dispatcher.start();
        webhookDispatcher.start();
        jobDispatcher.start();
      }
      return { publicUrl, adminUrl };
    },
    async close({ timeoutMs = config.serve.shutdown_timeout } = {}) {
      // The database stays open until requests and sends are done: both still need it.
      await Promise.all([
        closeServer(publicServer, timeoutMs),
        closeServer(adminServer, timeoutMs),
        dispatcher.stop({ graceMs: timeoutMs }),
        webhookDispatcher.stop({ graceMs: timeoutMs }),
        jobDispatcher.stop({ graceMs: timeoutMs }),
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
