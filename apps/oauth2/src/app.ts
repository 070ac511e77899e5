import type { IncomingMessage, Server } from "node:http";
import type { AddressInfo } from "node:net";
import { isDatabaseUnavailable, retryWhileUnavailable } from "@moos/postgres";
import { startErrorReports } from "@moos/telemetry/error-reports";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { syncConfigClients } from "./clients/config-clients.ts";
import { providerMetadata } from "./clients/hydra-client.ts";
import type { Config } from "./config/config.ts";
import type { FlowDeps } from "./flows/flow-deps.ts";
import { buildAdminServer } from "./http/admin-server.ts";
import { createPublicServer } from "./http/public-server.ts";
import { KeyRing } from "./keys/key-ring.ts";
import { createMetrics, type Metrics } from "./metrics/metrics.ts";
import { createLogger } from "./observability/logger.ts";
import { unexpectedErrors } from "./observability/unexpected-errors.ts";
import { clientStore } from "./persistence/client-store.ts";
import { migrate, openDatabase } from "./persistence/connect.ts";
import { consentStore } from "./persistence/consent-store.ts";
import type { Database } from "./persistence/database.ts";
import { interactionAnswers } from "./persistence/interaction-answers.ts";
import { keyStore } from "./persistence/key-store.ts";
import { logoutStore } from "./persistence/logout-store.ts";
import {
  deleteExpired,
  kyselyAdapter,
  revokeGrant,
  sessionUidBySid,
  sessionUidsOf,
} from "./persistence/oidc-adapter.ts";
import { type ProviderHost, startProviderHost } from "./provider/provider-host.ts";
import { endSession } from "./provider/sessions.ts";

// The composition root: the only place that knows the database, the provider and both HTTP
// servers together.

export interface App {
  config: Readonly<Config>;
  db: Kysely<Database>;
  host: ProviderHost;
  keyRing: KeyRing;
  logger: Logger;
  metrics: Metrics;
  listen(): Promise<{ publicUrl: string; adminUrl: string }>;
  close(): Promise<void>;
}

export async function createApp(
  config: Readonly<Config>,
  options: { logger?: Logger } = {},
): Promise<App> {
  const logger = options.logger ?? createLogger();
  const errorReports = await startErrorReports({
    dsn: config.sentry.dsn || undefined,
    environment: config.app_env,
    service: "oauth2",
  });
  const onError = unexpectedErrors(logger, errorReports);
  const dbLog = logger.child({ component: "database" });
  const database = openDatabase(config.dsn, {
    connectTimeoutMs: config.database.connect_timeout,
    queryTimeoutMs: config.database.query_timeout,
    // docs/production.md#when-the-database-is-down: one line when it goes, one when it is back.
    onUnavailable: (err) =>
      dbLog.error({ err }, "database: unreachable; answering 503 until it is back"),
    onAvailable: (outageMs) =>
      dbLog.info({ outage_ms: Math.round(outageMs) }, "database: reachable again"),
  });
  const { db } = database;
  const metrics = createMetrics({ databaseAvailable: () => database.probe() });
  // One brief line per 503: the outage itself is logged by the pool, once.
  const unavailable = (error: Error, request: IncomingMessage, server: "public" | "admin") => {
    const requestId = request.headers["x-request-id"];
    logger.warn(
      { cause: error.message, request_id: typeof requestId === "string" ? requestId : undefined },
      "request answered 503: the database is unavailable",
    );
    metrics.unavailable(server);
  };
  const waitAtStart = (err: unknown, delayMs: number): void =>
    dbLog.warn({ err, retry_ms: delayMs }, "database: not reachable at start; waiting for it");
  await migrate(config.dsn, {
    connectTimeoutMs: config.database.connect_timeout,
    embedded: db,
    onRetry: waitAtStart,
  });
  const clients = clientStore(db);
  const consents = consentStore(db);
  const logouts = logoutStore(db);
  const keyRing = new KeyRing(keyStore(db), {
    algorithm: config.keys.algorithm,
    rotateEvery: config.keys.rotate_every,
    publishAhead: config.keys.publish_ahead,
    keepRetiredFor: config.keys.keep_retired_for,
    systemSecrets: config.secrets.system,
  });
  const adapter = kyselyAdapter(db, async (id) => {
    const stored = await clients.get(id);
    return stored ? providerMetadata(stored.client, stored.secretHash) : undefined;
  });
  // The first keys and the configured clients need the database too: wait for it like the
  // migrations do.
  const host = await retryWhileUnavailable(
    () =>
      startProviderHost({
        deps: {
          config,
          adapter,
          consents,
          logouts,
          onServerError: (error, request) => onError(error, request, "provider"),
          onUnavailable: (error, request) => unavailable(error, request, "public"),
        },
        onReloadError: (error) => {
          // An outage is logged once by the pool; the reload tries again at its next turn.
          if (isDatabaseUnavailable(error))
            logger.warn({ cause: (error as Error).message }, "key reload waits for the database");
          else logger.error({ err: error }, "key reload failed");
        },
        keyRing,
        reloadInterval: config.keys.reload_interval,
        housekeeping: () => deleteExpired(db),
      }),
    { onRetry: waitAtStart },
  );
  await retryWhileUnavailable(
    () =>
      syncConfigClients({
        clients: config.clients,
        store: clients,
        validate: (metadata) => host.current().Client.validate(metadata),
      }),
    { onRetry: waitAtStart },
  );

  const deps: FlowDeps = {
    issuer: config.urls.self.issuer,
    provider: () => host.current(),
    clients,
    consents,
    logouts,
    interactions: interactionAnswers(db),
    endSession: (uid) => endSession(host.current(), db, uid, logger),
    revokeGrant: (grantId) => revokeGrant(db, grantId),
    sessionUidsOf: (subject) => sessionUidsOf(db, subject),
    sessionUidBySid: (sid) => sessionUidBySid(db, sid),
    grantLifetime: Math.max(config.ttl.refresh_token, config.ttl.login_session),
  };
  const admin = await buildAdminServer({
    ...deps,
    keyRing,
    reload: () => host.refresh(),
    token: config.serve.admin.token,
    logger,
    onError,
    metrics,
    databaseAvailable: () => database.probe(),
  });
  const publicServer = createPublicServer({
    host,
    logouts,
    onError,
    onUnavailable: (error, request) => unavailable(error, request, "public"),
    metrics,
    databaseAvailable: () => database.probe(),
    ...(config.urls.error ? { errorUrl: config.urls.error } : {}),
  });

  return {
    config,
    db,
    host,
    keyRing,
    logger,
    metrics,
    async listen() {
      const { public: pub, admin: adm } = config.serve;
      await new Promise<void>((resolve, reject) => {
        publicServer.once("error", reject);
        publicServer.listen(pub.port, pub.host, () => resolve());
      });
      const adminUrl = await admin.listen({ port: adm.port, host: adm.host });
      return { publicUrl: urlOf(publicServer, pub.host), adminUrl };
    },
    async close() {
      host.close();
      await closeServer(publicServer);
      await closeAdmin(admin);
      await db.destroy();
      await errorReports.flush(2_000);
    },
  };
}

function urlOf(server: Server, host: string): string {
  const { port } = server.address() as AddressInfo;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function closeAdmin(admin: FastifyInstance): Promise<void> {
  await admin.close();
}
