import { trace } from "@opentelemetry/api";

// The trace id and span id of the work in progress, for log lines and error reports, so a log
// line leads to its trace and back. Without tracing (no SDK registered) there is no active span
// and the answer is empty: the lookup is a few function calls on OpenTelemetry's no-op API.

export interface TraceFields {
  readonly trace_id?: string;
  readonly span_id?: string;
}

const none: TraceFields = Object.freeze({});

export function activeTraceFields(): TraceFields {
  const span = trace.getActiveSpan();
  if (!span) return none;
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
