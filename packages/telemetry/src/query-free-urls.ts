import type { Context } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace";

// Takes the query string out of every URL a span records, just before the span ends (the last
// moment its attributes can change). Our queries carry flow ids, one-time codes, link tokens
// and return addresses; the logs leave them out too (the identity service keeps only values
// known to be harmless, the web app only the path). The path stays: route patterns and paths
// are what a trace is read by.

const urlKeys = ["url.full", "http.url"] as const;
const queryKeys = ["url.query"] as const;
const targetKeys = ["http.target"] as const;

function withoutQuery(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const cut = value.search(/[?#]/);
  return cut < 0 ? value : value.slice(0, cut);
}

export class QueryFreeUrls implements SpanProcessor {
  onStart(_span: Span, _context: Context): void {}

  onEnding(span: Span): void {
    const attributes = span.attributes as Record<string, unknown>;
    for (const key of [...urlKeys, ...targetKeys]) {
      if (key in attributes) attributes[key] = withoutQuery(attributes[key]);
    }
    for (const key of queryKeys) delete attributes[key];
  }

  onEnd(_span: ReadableSpan): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
