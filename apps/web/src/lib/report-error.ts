// Error reporting. Errors are always logged on the server; see sentry.ts for the reporting
// service, which is loaded only when config.sentry is set.

export interface ErrorContext {
  readonly flow?: string;
  readonly [key: string]: unknown;
}

export async function reportError(error: unknown, context: ErrorContext = {}): Promise<void> {
  console.error("[moos]", context, error);
}
