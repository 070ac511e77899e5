import type { FastifyInstance } from "fastify";
import { registerAdminRoutes } from "../admin/admin-routes.ts";
import { registerConsoleRoutes } from "../console/routes.ts";
import type { Deps } from "../deps/deps.ts";
import { errors } from "../http/errors.ts";
import { sendError } from "../http/respond.ts";
import { createServer, type ServerOps } from "../http/server-base.ts";
import { registerMetricsRoute } from "../metrics/http-metrics.ts";
import { registerHealthRoutes } from "./misc-routes.ts";

// The admin port: health, metrics, the admin API (admin-routes.ts) and, when enabled, the
// console's API (console/routes.ts), each API behind its own token that opens nothing else.
// /metrics is open like Kratos's, as the port must stay internal anyway and a scraper should not
// hold a token that can delete every account (docs/production.md#metrics).

export async function buildAdminServer(deps: Deps, ops: ServerOps): Promise<FastifyInstance> {
  const app = createServer(deps.config, ops, "admin", { bodyLimit: 16 * 1024 * 1024 });
  app.setErrorHandler(async (error, request, reply) =>
    sendError(deps, request, reply, error, true),
  );
  app.setNotFoundHandler(async (request, reply) =>
    sendError(deps, request, reply, errors.notFound(), true),
  );
  registerHealthRoutes(app, deps);
  registerMetricsRoute(app, ops.metrics);
  registerAdminRoutes(app, deps);
  registerConsoleRoutes(app, deps);
  return app;
}
