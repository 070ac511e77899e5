import { collectNoPersonalData, type ReportEvent, scrubEvent } from "./scrub-event.ts";
import { activeTraceFields } from "./trace-fields.ts";

// Error reports (Sentry) for the identity service and the OpenID provider, under the rule the web
// app follows too: reported only when a DSN is configured and the app environment is not
// `local`. Without that the Sentry SDK is never loaded. With it, the SDK starts without its
// default integrations (no patched modules, no breadcrumbs, no tracing of its own: traces are
// OpenTelemetry's), and a report is only what a service hands to `report`: an unexpected error,
// tagged with the service, the request id and the trace id, scrubbed by scrub-event.ts.

export type AppEnv = "local" | "development" | "staging" | "production";

export interface ErrorReportSettings {
  readonly dsn: string | undefined;
  readonly environment: AppEnv;
  /** `identity` or `oauth2`: a tag on every report. */
  readonly service: string;
}

export interface ErrorContext {
  readonly request_id?: string | undefined;
  /** The route pattern (`/self-service/login`), never the URL with its query. */
  readonly route?: string | undefined;
}

export interface ErrorReporter {
  report(error: unknown, context?: ErrorContext): void;
  /** Waits (at most `timeoutMs`) until the reports made so far are sent; before exiting. */
  flush(timeoutMs: number): Promise<void>;
}

export const noErrorReports: ErrorReporter = Object.freeze({
  report(): void {},
  async flush(): Promise<void> {},
});

export function isReporting(settings: ErrorReportSettings): boolean {
  return Boolean(settings.dsn) && settings.environment !== "local";
}

export async function startErrorReports(settings: ErrorReportSettings): Promise<ErrorReporter> {
  if (!isReporting(settings)) return noErrorReports;
  const Sentry = await import("@sentry/node");
  Sentry.initWithoutDefaultIntegrations({
    dsn: settings.dsn,
    environment: settings.environment,
    // Which error caused which (Error.cause), and one report for one error seen twice.
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    dataCollection: { ...collectNoPersonalData, httpBodies: [] },
    maxBreadcrumbs: 0,
    beforeBreadcrumb: () => null,
    beforeSend: (event) => scrubEvent(event as unknown as ReportEvent) as unknown as typeof event,
    beforeSendTransaction: () => null,
  });
  return {
    report(error, context = {}) {
      const { trace_id, span_id } = activeTraceFields();
      Sentry.captureException(error, {
        tags: {
          service: settings.service,
          ...(context.request_id ? { request_id: context.request_id } : {}),
          ...(context.route ? { route: context.route } : {}),
          ...(trace_id ? { trace_id } : {}),
        },
        ...(trace_id && span_id ? { contexts: { trace: { trace_id, span_id } } } : {}),
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}
