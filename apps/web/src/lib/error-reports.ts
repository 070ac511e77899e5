import {
  activeTraceFields,
  collectNoPersonalData,
  type ReportEvent,
  scrubEvent,
} from "@moos/telemetry";
import type { Config } from "./config";

// How the web app's error reports are made (@sentry/nextjs, loaded only when config.sentry is
// set): the same allowlist the identity service and the OpenID provider use
// (packages/telemetry/src/scrub-event.ts), so a report carries the error, the service, the
// request id and the trace id, and nothing the SDK could read from the request (URL with its
// query, headers, cookies, body), no user and no breadcrumbs. Traces are OpenTelemetry's
// (scripts/telemetry-args.mjs): Sentry registers no tracer of its own.

export function sentryOptions(sentry: NonNullable<Config["sentry"]>) {
  return {
    dsn: sentry.dsn,
    environment: sentry.environment,
    enableOpenTelemetrySetup: false,
    dataCollection: { ...collectNoPersonalData, httpBodies: [] },
    maxBreadcrumbs: 0,
    beforeBreadcrumb: () => null,
    beforeSend: <E>(event: E): E => scrubEvent(event as unknown as ReportEvent) as unknown as E,
    beforeSendTransaction: () => null,
  };
}

export interface ReportScope {
  tags: Record<string, string>;
  contexts?: { trace: { trace_id: string; span_id: string } };
}

/** The tags (and trace context) of one report: which request and which trace it belongs to. */
export function reportScope(requestId: string | undefined, route?: string): ReportScope {
  const { trace_id, span_id } = activeTraceFields();
  return {
    tags: {
      service: "web",
      ...(requestId ? { request_id: requestId } : {}),
      ...(route ? { route } : {}),
      ...(trace_id ? { trace_id } : {}),
    },
    ...(trace_id && span_id ? { contexts: { trace: { trace_id, span_id } } } : {}),
  };
}
