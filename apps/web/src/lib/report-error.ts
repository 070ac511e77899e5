import { config } from "./config";

// Error reporting. Errors are always logged on the server; they reach Sentry only when
// config.sentry is set (a DSN, outside the `local` app environment), and only then is the SDK
// loaded.

export interface ErrorContext {
  readonly flow?: string;
  readonly [key: string]: unknown;
}

export async function reportError(error: unknown, context: ErrorContext = {}): Promise<void> {
  console.error("[moos]", context, error);
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureException(error, { extra: { ...context } });
}
