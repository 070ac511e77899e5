import { isDatabaseUnavailable } from "@moos/postgres";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from "fastify";
import type { Logger } from "pino";
import { FlowError, flowErrors, unavailableRetryAfterSeconds } from "../flows/flow-error.ts";
import { countAdminRequests, type Metrics, registerMetricsRoute } from "../metrics/metrics.ts";
import { requestIdOf } from "../observability/logger.ts";
import type { UnexpectedErrors } from "../observability/unexpected-errors.ts";
import { isAuthorized } from "./admin-auth.ts";
import type { AdminRouteDeps } from "./admin-deps.ts";
import { registerClientRoutes } from "./client-routes.ts";
import { registerKeyRoutes } from "./key-routes.ts";
import { registerRequestRoutes } from "./request-routes.ts";
import { registerSessionRoutes } from "./session-routes.ts";

// The admin API (Hydra's admin port, 4445): login, consent and logout requests, sessions,
// clients and keys. Errors answer in Hydra's shape, `{ error, error_description, status_code }`.

export async function buildAdminServer(
  deps: AdminRouteDeps & {
    token: string;
    logger: Logger;
    onError: UnexpectedErrors;
    metrics: Metrics;
    /** Asks the database now (GET /health/ready). */
    databaseAvailable(): Promise<boolean>;
  },
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger.child({ server: "admin" }),
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: "request_id",
    }),
    // The caller's id (the identity service and the web app send theirs), or a fresh one.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Typed with pino's Logger; the routes take fastify's base logger type.
  }) as unknown as FastifyInstance;
  app.addHook("onRequest", (request, reply, done) => {
    request.raw.headers["x-request-id"] = request.id;
    reply.header("x-request-id", request.id);
    done();
  });
  // Ory's SDK sends `Content-Type: application/json` with no body on some calls (logout
  // reject); an empty body is no body, not an error.
  const parseJson = (
    _request: unknown,
    body: string | Buffer,
    done: (e: Error | null, v?: unknown) => void,
  ) => {
    const text = body.toString();
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (cause) {
      done(
        Object.assign(new Error("The request body is not valid JSON.", { cause }), {
          statusCode: 400,
        }),
      );
    }
  };
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, parseJson);
  app.addContentTypeParser("application/json-patch+json", { parseAs: "string" }, parseJson);

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // docs/production.md#when-the-database-is-down: an outage, not a bug. The pool logs it once.
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { cause: error.message },
        "request answered 503: the database is unavailable",
      );
      deps.metrics.unavailable("admin");
      reply.header("retry-after", String(unavailableRetryAfterSeconds));
      const unavailable = flowErrors.unavailable();
      return sendError(reply, unavailable.status, unavailable.error, unavailable.description);
    }
    if (error instanceof FlowError) {
      return sendError(reply, error.status, error.error, error.description, error.body);
    }
    if (error.validation) {
      return sendError(
        reply,
        400,
        "invalid_request",
        `${error.validationContext ?? "request"} ${error.message}`,
      );
    }
    if (error.statusCode && error.statusCode < 500) {
      return sendError(reply, error.statusCode, "invalid_request", error.message);
    }
    deps.onError(error, request.raw, "admin");
    return sendError(reply, 500, "server_error", "The server could not complete the request.");
  });
  app.setNotFoundHandler(async (_request, reply) =>
    sendError(reply, 404, "not_found", "There is no such admin API path."),
  );

  // Open like the health checks (the identity service's /metrics is too): the admin port must
  // stay internal anyway, and a scraper should not hold the token.
  countAdminRequests(app, deps.metrics);
  registerMetricsRoute(app, deps.metrics);
  app.get("/health/alive", async () => ({ status: "ok" }));
  app.get("/health/ready", async (_request, reply) =>
    (await deps.databaseAvailable())
      ? { status: "ok" }
      : reply.code(503).send({ errors: { database: "unavailable" } }),
  );
  // Named: traces show it as the admin API.
  app.register(async function adminApi(admin) {
    admin.addHook("onRequest", async (request, reply) => {
      if (isAuthorized(request, deps.token)) return;
      await sendError(
        reply,
        401,
        "unauthorized",
        "A valid admin API token is required: send Authorization: Bearer <token>.",
      );
      return reply;
    });
    registerRequestRoutes(admin, deps);
    registerSessionRoutes(admin, deps);
    registerClientRoutes(admin, deps);
    registerKeyRoutes(admin, deps);
  });
  return app;
}

function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  description: string,
  body?: Record<string, unknown>,
): FastifyReply {
  return reply
    .code(status)
    .type("application/json")
    .send(body ?? { error, error_description: description, status_code: status });
}
