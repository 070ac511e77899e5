import { log } from "@moos/telemetry/log";
import { config } from "./config";
import { reportScope } from "./error-reports";
import { currentRequestId } from "./request-context.server";

// Error reporting. Errors are always logged on the server, as one JSON line with the request's
// id (log.ts says what of an error is written); they reach Sentry only when config.sentry is
// set (a DSN, outside the `local` app environment), and only then is the SDK loaded.

export interface ErrorContext {
  readonly flow?: string;
  readonly [key: string]: unknown;
}

export async function reportError(error: unknown, context: ErrorContext = {}): Promise<void> {
  const requestId = await currentRequestId();
  log("error", "unexpected error", { ...context, request_id: requestId, error });
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  // The context (flow, part, flow id) stays in the log: a report carries only its tags.
  Sentry.captureException(error, reportScope(requestId));
}
