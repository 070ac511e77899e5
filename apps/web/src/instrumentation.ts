import type { Instrumentation } from "next";
import { config } from "./lib/config";

// Server-side error reporting. The Sentry SDK is imported only when a DSN is configured and the
// app environment is not `local` (config.sentry is undefined otherwise), so an unconfigured
// deployment loads and sends nothing.

export async function register(): Promise<void> {
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.init({ dsn: config.sentry.dsn, environment: config.sentry.environment });
}

export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (!config.sentry) return;
  const Sentry = await import("@sentry/nextjs");
  Sentry.captureRequestError(...args);
};
