import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Logger } from "pino";
import type { Config } from "../config/config.ts";
import { registerHttpMetrics } from "../metrics/http-metrics.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { serverLogOptions } from "./logging.ts";
import { decorateOutcome } from "./request-outcome.ts";
import { addResponseHeaders } from "./security-headers.ts";

/** What both servers share besides Deps: the process's logger and metrics. */
export interface ServerOps {
  logger: Logger;
  metrics: Metrics;
}

/**
 * A fastify instance with what both servers need: JSON logs with request ids, the trusted
 * proxies, response headers, outcome notes and metrics.
 */
export function createServer(
  config: Config,
  ops: ServerOps,
  server: "public" | "admin",
  options: FastifyServerOptions,
): FastifyInstance {
  const app = Fastify({ ...serverLogOptions(config, ops.logger, server), ...options });
  addResponseHeaders(app, config, server);
  decorateOutcome(app);
  registerHttpMetrics(app, ops.metrics, server);
  return app as unknown as FastifyInstance;
}
