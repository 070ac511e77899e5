import { trace } from "@opentelemetry/api";

// The trace id and span id of the work in progress, for log lines and error reports, so a log
// line leads to its trace and back. Without tracing (no SDK registered) there is no active span
// and the answer is empty: the lookup is a few function calls on OpenTelemetry's no-op API.

export interface TraceFields {
  readonly trace_id?: string;
  readonly span_id?: string;
}

/** A new object each time: pino's mixin merges the line's own fields into it. */
export function activeTraceFields(): TraceFields {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
