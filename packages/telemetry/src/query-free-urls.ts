import type { Context } from "@opentelemetry/api";
import type { ReadableSpan, Span, SpanProcessor } from "@opentelemetry/sdk-trace";

// Takes the query string out of every URL a span records, just before the span ends (the last
// moment its name and attributes can change). Our queries carry flow ids, one-time codes, link
// tokens and return addresses; the logs leave them out too (the identity service keeps only
// values known to be harmless, the web app only the path). The path stays: route patterns and
// paths are what a trace is read by. Next.js names its fetch spans after the whole URL and
// @fastify/otel records the request's URL as its path, so names and every attribute are
// looked at, not only the semantic conventions' URL attributes; the SQL of `db.*` attributes
// is left as it is (its `?` is an operator, and its values are never in it).

/** A URL or a path (starting with `/`) followed by its query or fragment. */
const urlWithQuery = /((?:\b[a-z][a-z0-9+.-]*:\/\/|(?<![\w/])\/)[^\s?#"]*)[?#][^\s"]*/gi;

export function withoutQueries(text: string): string {
  return text.replace(urlWithQuery, "$1");
}

export class QueryFreeUrls implements SpanProcessor {
  onStart(_span: Span, _context: Context): void {}

  onEnding(span: Span): void {
    const name = withoutQueries(span.name);
    if (name !== span.name) span.updateName(name);
    const attributes = span.attributes as Record<string, unknown>;
    delete attributes["url.query"];
    for (const [key, value] of Object.entries(attributes)) {
      if (typeof value === "string" && !key.startsWith("db.")) {
        attributes[key] = withoutQueries(value);
      }
    }
  }

  onEnd(_span: ReadableSpan): void {}

  async forceFlush(): Promise<void> {}

  async shutdown(): Promise<void> {}
}
