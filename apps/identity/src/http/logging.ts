import { activeTraceFields } from "@moos/telemetry";
import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
import { type DestinationStream, type Logger, pino } from "pino";
import type { Config } from "../config/config.ts";
import { requestIdOf } from "./request-id.ts";

// JSON logs, one object per line (pino), for both servers and the outbox dispatchers. Every line
// of a request carries its `request_id` (request-id.ts). Nothing secret may reach a log:
// - requests are logged by the serializer below, which keeps method, path, the query with only
//   known harmless values (a recovery link's `token`, a callback's `code`, an app's `init_code`
//   are replaced, and so is anything not on the list, such as an email in a GET submit), the
//   client address fastify decided on (trusted proxies) and nothing of the headers;
// - with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), every line written while a request or a
//   courier send is traced carries its `trace_id` and `span_id` beside the `request_id`;
// - `redact` is the second line: credentials under any object's headers are censored, should
//   one ever be logged whole.

const redacted = "[redacted]";

/** Query parameters whose values are kept in logs; every other value is replaced. */
const harmlessQueryKeys = new Set([
  "flow",
  "id",
  "return_to",
  "refresh",
  "aal",
  "via",
  "method",
  "tokenize_as",
  "page_size",
  "page_token",
  "per_page",
  "page",
  "active",
  "expand",
  "include_credential",
  "status",
  "schema_id",
  "organization",
  "return_session_token_exchange_code",
]);

const secretHeaders = ["cookie", "authorization", "x-session-token", "set-cookie"];
const redactPaths = [
  ...secretHeaders.flatMap((name) => [`headers["${name}"]`, `*.headers["${name}"]`]),
  "password",
  "*.password",
];

export interface LoggerOptions {
  /** Where the JSON lines go; stdout by default. Tests pass a stream that keeps them. */
  destination?: DestinationStream;
}

export function createLogger(config: Config, options: LoggerOptions = {}): Logger {
  return pino(
    {
      level: config.log.level,
      base: { service: "identity" },
      mixin: activeTraceFields,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactPaths, censor: redacted },
      serializers: { req: serializeRequest, res: serializeReply, err: pino.stdSerializers.err },
    },
    // Synchronous writes: the last lines before process.exit (shutdown) are never lost.
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/** The path and query of a URL, with every value not known to be harmless replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query < 0) return url;
  const pairs = url
    .slice(query + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      return harmlessQueryKeys.has(decodeKey(rawKey)) ? pair : `${rawKey}=${redacted}`;
    });
  return `${url.slice(0, query)}?${pairs.join("&")}`;
}

function decodeKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url),
    route: request.routeOptions?.url,
    remote_address: request.ip,
    user_agent: request.headers["user-agent"],
  };
}

function serializeReply(reply: FastifyReply): Record<string, unknown> {
  return { status_code: reply.statusCode };
}

/** One access line per request, at completion, when `serve.<server>.request_log` is on. */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, response_time_ms: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** The fastify options both servers share: logger, request ids, trusted proxies, closing. */
export function serverLogOptions(
  config: Config,
  logger: Logger,
  server: "public" | "admin",
): FastifyServerOptions {
  const settings = config.serve[server];
  return {
    loggerInstance: logger.child({ server }),
    logController: new AccessLog({
      disableRequestLogging: !settings.request_log,
      requestIdLogLabel: "request_id",
    }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    // Only these peers' X-Forwarded-For / X-Forwarded-Proto are believed: request.ip is the
    // nearest address they did not vouch for, so limits, devices and logs share one decision.
    trustProxy: [...settings.trusted_proxies],
    // While closing (graceful shutdown), requests on kept-alive connections get 503 with
    // `Connection: close`, so a load balancer retries them elsewhere.
    return503OnClosing: true,
  };
}
