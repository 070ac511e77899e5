import type { Instrumentation } from "next";
import { config } from "./lib/config";
import { log } from "./lib/log";
import { REQUEST_ID_HEADER } from "./lib/request-context";

// Server-side error reporting. The Sentry SDK is imported only when a DSN is configured and the
// app environment is not `local` (config.sentry is undefined otherwise), so an unconfigured
// deployment loads and sends nothing.

export async function register(): Promise<void> {
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.init({ dsn: config.sentry.dsn, environment: config.sentry.environment });
}

// Every error Next caught while rendering or running a server action or route handler, as a JSON
// line with the request's id. Only the path is written: queries carry flow ids and, on the
// verification and recovery links, codes.
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  const [error, request, context] = args;
  const requestId = request.headers[REQUEST_ID_HEADER];
  log("error", "request failed", {
    request_id: typeof requestId === "string" ? requestId : undefined,
    method: request.method,
    path: request.path.split("?")[0],
    route: context.routePath,
    route_type: context.routeType,
    error,
  });
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureRequestError(...args);
};
