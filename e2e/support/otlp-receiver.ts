import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A real OTLP/HTTP trace receiver for the tests: what an OpenTelemetry Collector does with
// `POST /v1/traces`, keeping every span it is sent. The services export OTLP/JSON
// (OTEL_EXPORTER_OTLP_PROTOCOL=http/json, https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding),
// which needs no protobuf decoder: trace and span ids are hex strings there. `GET /received`
// hands what arrived to a test in another process (the suite's global setup runs the receiver).

export interface ReceivedSpan {
  readonly service: string;
  readonly scope: string;
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  /** Empty for a trace's root span. */
  readonly parentSpanId: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  readonly kind: number;
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
}

export interface OtlpReceiver {
  /** OTEL_EXPORTER_OTLP_ENDPOINT for the services. */
  readonly endpoint: string;
  readonly spans: readonly ReceivedSpan[];
  /** The raw export bodies, to check that nothing personal was sent. */
  readonly bodies: readonly string[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value?: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

function attributes(list: OtlpAttribute[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    const plain =
      value?.stringValue ??
      (value?.intValue !== undefined ? Number(value.intValue) : undefined) ??
      value?.doubleValue ??
      value?.boolValue;
    if (plain !== undefined) out[key] = plain;
  }
  return out;
}

function spansOf(body: OtlpExport): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of body.resourceSpans ?? []) {
    const service = String(attributes(resourceSpans.resource?.attributes)["service.name"] ?? "");
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          service,
          scope: scopeSpans.scope?.name ?? "",
          name: span.name,
          traceId: span.traceId,
          spanId: span.spanId,
          parentSpanId: span.parentSpanId ?? "",
          kind: span.kind ?? 0,
          attributes: attributes(span.attributes),
        });
      }
    }
  }
  return spans;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    if (request.method === "GET" && request.url === "/received") {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ spans, bodies }));
      return;
    }
    if (request.method !== "POST" || request.url !== "/v1/traces") {
      response.writeHead(404).end();
      return;
    }
    if (!request.headers["content-type"]?.startsWith("application/json")) {
      response.writeHead(415).end();
      return;
    }
    bodies.push(body);
    spans.push(...spansOf(JSON.parse(body) as OtlpExport));
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the receiver at `endpoint` (another process's) has been sent so far. */
export async function receivedSpans(
  endpoint: string,
): Promise<{ spans: ReceivedSpan[]; bodies: string[] }> {
  const response = await fetch(`${endpoint}/received`);
  return (await response.json()) as { spans: ReceivedSpan[]; bodies: string[] };
}
