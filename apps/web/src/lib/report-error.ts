import { config } from "./config";
import { log } from "./log";
import { currentRequestId } from "./request-context.server";

// Error reporting. Errors are always logged on the server, as one JSON line with the request's
// id (log.ts says what of an error is written); they reach Sentry only when config.sentry is
// set (a DSN, outside the `local` app environment), and only then is the SDK loaded.

export interface ErrorContext {
  readonly flow?: string;
  readonly [key: string]: unknown;
}

export async function reportError(error: unknown, context: ErrorContext = {}): Promise<void> {
  log("error", "unexpected error", { ...context, request_id: await currentRequestId(), error });
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureException(error, { extra: { ...context } });
}
