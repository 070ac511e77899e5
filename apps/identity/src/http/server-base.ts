import type { ErrorReporter } from "@moos/telemetry/error-reports";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { Logger } from "pino";
import type { Config } from "../config/config.ts";
import { registerHttpMetrics } from "../metrics/http-metrics.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { serverLogOptions } from "./logging.ts";
import { decorateOutcome } from "./request-outcome.ts";
import { addResponseHeaders } from "./security-headers.ts";

/** What both servers share besides Deps: the process's logger, metrics and error reports. */
export interface ServerOps {
  logger: Logger;
  metrics: Metrics;
  errorReports: ErrorReporter;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Where an unexpected error goes besides the log (respond.ts); a no-op when off. */
    errorReports: ErrorReporter;
  }
}

/**
 * A fastify instance with what both servers need: JSON logs with request ids, the trusted
 * proxies, response headers, outcome notes, metrics and error reports.
 */
export function createServer(
  config: Config,
  ops: ServerOps,
  server: "public" | "admin",
  options: FastifyServerOptions,
): FastifyInstance {
  const app = Fastify({ ...serverLogOptions(config, ops.logger, server), ...options });
  app.decorate("errorReports", ops.errorReports);
  addResponseHeaders(app, config, server);
  decorateOutcome(app);
  registerHttpMetrics(app, ops.metrics, server);
  return app as unknown as FastifyInstance;
}
