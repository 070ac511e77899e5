import type { FastifyInstance } from "fastify";
import type { Config } from "./config/config.ts";
import { createDispatcher, type Dispatcher } from "./courier/index.ts";
import { createPasswordHasher } from "./hash/index.ts";
import { buildAdminServer } from "./http/admin-server.ts";
import type { Deps } from "./http/deps.ts";
import { buildPublicServer } from "./http/public-server.ts";
import { loadIdentitySchema } from "./identity/identity-schema.ts";
import { connectDatabase } from "./persistence/sql/connect.ts";
import { createSqlPersistence } from "./persistence/sql/sql-persistence.ts";
import { selfServiceStrategies } from "./registry.ts";
import { createOidcClients } from "./strategies/oidc/clients.ts";
import { createWebhookDispatcher } from "./webhooks/dispatcher.ts";

// The composition root: the only place that picks the SQL adapter and wires everything.

export interface App {
  deps: Deps;
  publicServer: FastifyInstance;
  adminServer: FastifyInstance;
  dispatcher: Dispatcher;
  /** Delivers the shop's webhooks from the same outbox. */
  webhookDispatcher: Dispatcher;
  /** Listens on the configured (or, with port 0, random) ports; returns the base URLs. */
  listen(): Promise<{ publicUrl: string; adminUrl: string }>;
  close(): Promise<void>;
}

export async function createApp(
  config: Readonly<Config>,
  options: { fetch?: typeof fetch } = {},
): Promise<App> {
  const db = await connectDatabase(config.dsn);
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
    persistence: createSqlPersistence(db),
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
    strategies: selfServiceStrategies(),
    now,
  };
  const publicServer = await buildPublicServer(deps);
  const adminServer = await buildAdminServer(deps);
  const dispatcher = createDispatcher(db, config.courier);
  const webhookDispatcher = createWebhookDispatcher(db, config, { fetch: fetchFn });
  return {
    deps,
    publicServer,
    adminServer,
    dispatcher,
    webhookDispatcher,
    async listen() {
      const { public: pub, admin } = config.serve;
      const publicUrl = await publicServer.listen({ host: pub.host, port: pub.port });
      const adminUrl = await adminServer.listen({ host: admin.host, port: admin.port });
      if (config.courier.dispatcher.enabled) {
        dispatcher.start();
        webhookDispatcher.start();
      }
      return { publicUrl, adminUrl };
    },
    async close() {
      await Promise.all([dispatcher.stop(), webhookDispatcher.stop()]);
      await publicServer.close();
      await adminServer.close();
      await deps.persistence.close();
    },
  };
}
