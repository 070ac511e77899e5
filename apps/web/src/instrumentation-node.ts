import { logRequestError } from "@moos/telemetry/log";
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

// Every error Next caught, as a JSON line (@moos/telemetry/log's logRequestError says what it
// may carry), and as a report when Sentry is configured.
export async function onRequestError(
  ...[error, request, context]: Parameters<Instrumentation.onRequestError>
): Promise<void> {
  const requestId = logRequestError(error, request, context, REQUEST_ID_HEADER);
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureException(error, reportScope(requestId, context.routePath));
}
