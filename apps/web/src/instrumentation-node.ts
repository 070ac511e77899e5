import { log } from "@moos/telemetry/log";
import type { Instrumentation } from "next";
import { config } from "./lib/config";
import { reportScope, sentryOptions } from "./lib/error-reports";
import { REQUEST_ID_HEADER } from "./lib/request-context";

// The web app's server hooks in Node.js (instrumentation.ts loads this file only there).
//
// Server-side error reporting. The Sentry SDK is imported only when a DSN is configured and the
// app environment is not `local` (config.sentry is undefined otherwise), so an unconfigured
// deployment loads and sends nothing. What a report may carry: lib/error-reports.ts.
//
// Traces are not started here, though Next's documentation puts OpenTelemetry into this hook:
// the production server is our own (server.mjs), and the SDK must be in place before it loads
// node:http and before Next's code does, so the launchers start it with `--import`
// (scripts/telemetry-args.mjs). Next's own spans (each request's route, rendering, server
// actions) and its fetch calls join the same trace through OpenTelemetry's global API.

export async function register(): Promise<void> {
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.init(sentryOptions(config.sentry));
}

// Every error Next caught while rendering or running a server action or route handler, as a JSON
// line with the request's id. Only the path is written: queries carry flow ids and, on the
// verification and recovery links, codes.
export async function onRequestError(
  ...[error, request, context]: Parameters<Instrumentation.onRequestError>
): Promise<void> {
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
  Sentry.captureException(
    error,
    reportScope(typeof requestId === "string" ? requestId : undefined, context.routePath),
  );
}
