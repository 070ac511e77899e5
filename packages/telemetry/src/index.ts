export { inClientSpan } from "./client-span.ts";
export { collectNoPersonalData, type ReportEvent, scrubEvent, scrubText } from "./scrub-event.ts";
export { activeTraceFields, type TraceFields } from "./trace-fields.ts";
export { isTracingConfigured } from "./tracing-settings.ts";
