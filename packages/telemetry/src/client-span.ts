import { type Attributes, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

// A client span around a call no maintained instrumentation covers (the courier's SMTP send:
// OpenTelemetry has none for nodemailer). Without tracing the tracer is OpenTelemetry's no-op
// and this costs a few function calls.

const tracer = trace.getTracer("@moos/telemetry");

export async function inClientSpan<T>(
  name: string,
  attributes: Attributes,
  work: () => Promise<T>,
): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttribute("error.type", error instanceof Error ? error.name : "unknown");
      throw error;
    } finally {
      span.end();
    }
  });
}
