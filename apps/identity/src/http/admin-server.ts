import Fastify, { type FastifyInstance } from "fastify";
import { registerAdminRoutes } from "../admin/admin-routes.ts";
import type { Deps } from "./deps.ts";
import { errors } from "./errors.ts";
import { registerHealthRoutes } from "./misc-routes.ts";
import { sendError } from "./respond.ts";

export async function buildAdminServer(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({ logger: { level: "error" }, bodyLimit: 16 * 1024 * 1024 });
  app.setErrorHandler(async (error, request, reply) =>
    sendError(deps, request, reply, error, true),
  );
  app.setNotFoundHandler(async (request, reply) =>
    sendError(deps, request, reply, errors.notFound(), true),
  );
  registerHealthRoutes(app, deps);
  registerAdminRoutes(app, deps);
  return app;
}
