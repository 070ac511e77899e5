import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

// A real Sentry ingestion endpoint for the tests: the SDKs send envelopes to
// `POST /api/<project>/envelope/` (https://develop.sentry.dev/sdk/data-model/envelopes/): a
// header line, then per item a header line (with the payload's `length`, or none when the
// payload is one line) and the payload. Events (`"type":"event"`) are kept parsed, every body
// raw, so a test can check that nothing personal arrived in any of them. `GET /received` hands
// them to a test in another process.

export interface ReceivedEvent {
  readonly event_id?: string;
  readonly level?: string;
  readonly environment?: string;
  readonly tags?: Readonly<Record<string, string>>;
  readonly contexts?: { readonly trace?: { readonly trace_id?: string } };
  readonly exception?: { readonly values?: readonly { type?: string; value?: string }[] };
  readonly [key: string]: unknown;
}

export interface SentryReceiver {
  /** A DSN pointing here (SENTRY_DSN). */
  readonly dsn: string;
  readonly events: readonly ReceivedEvent[];
  readonly bodies: readonly string[];
  close(): Promise<void>;
}

/** The items of one envelope, parsed; throws on a malformed one (a test must notice). */
export function parseEnvelope(raw: Buffer): { type: string; payload: unknown }[] {
  const items: { type: string; payload: unknown }[] = [];
  let offset = raw.indexOf(0x0a);
  if (offset < 0) return items;
  JSON.parse(raw.subarray(0, offset).toString("utf8"));
  offset += 1;
  while (offset < raw.length) {
    const headerEnd = raw.indexOf(0x0a, offset);
    const headerText = raw
      .subarray(offset, headerEnd < 0 ? raw.length : headerEnd)
      .toString("utf8");
    if (headerText.trim() === "") break;
    const header = JSON.parse(headerText) as { type: string; length?: number };
    offset = headerEnd + 1;
    let end: number;
    if (typeof header.length === "number") end = offset + header.length;
    else {
      const lineEnd = raw.indexOf(0x0a, offset);
      end = lineEnd < 0 ? raw.length : lineEnd;
    }
    const payload = raw.subarray(offset, end).toString("utf8");
    items.push({ type: header.type, payload: JSON.parse(payload) });
    offset = end + 1;
  }
  return items;
}

export async function startSentryReceiver(): Promise<SentryReceiver> {
  const events: ReceivedEvent[] = [];
  const bodies: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body = Buffer.concat(chunks);
    if (request.method === "GET" && request.url === "/received") {
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ events, bodies }));
      return;
    }
    if (request.method !== "POST" || !/^\/api\/[^/]+\/envelope\/(\?.*)?$/.test(request.url ?? "")) {
      response.writeHead(404).end();
      return;
    }
    if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    bodies.push(body.toString("utf8"));
    for (const item of parseEnvelope(body)) {
      if (item.type === "event") events.push(item.payload as ReceivedEvent);
    }
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    // Sentry's DSN parsers take a key of letters and digits only.
    dsn: `http://0123456789abcdef0123456789abcdef@127.0.0.1:${port}/1`,
    events,
    bodies,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the receiver behind `dsn` (another process's) has been sent so far. */
export async function receivedReports(
  dsn: string,
): Promise<{ events: ReceivedEvent[]; bodies: string[] }> {
  const url = new URL(dsn);
  const response = await fetch(`${url.protocol}//${url.host}/received`);
  return (await response.json()) as { events: ReceivedEvent[]; bodies: string[] };
}
