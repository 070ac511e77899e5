// The shop's side of the identity service's webhooks, for the browser tests (docs/newsletter-deletion-migration.md#webhooks
// §6): POST /hooks records a delivery (headers and JSON body) and answers 204; GET /events lists
// what arrived; DELETE /events forgets it. Started by the browser tests' global setup on a free port
// (WEBHOOK_RECEIVER_PORT).
import { createServer } from "node:http";

const port = Number(process.env.WEBHOOK_RECEIVER_PORT ?? "4590");
const events = [];

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const server = createServer(async (request, response) => {
  const { pathname } = new URL(request.url ?? "/", "http://receiver");
  if (request.method === "POST" && pathname === "/hooks") {
    const raw = await readBody(request);
    let body = null;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    events.push({
      received_at: new Date().toISOString(),
      event: request.headers["x-moos-event"] ?? null,
      delivery: request.headers["x-moos-delivery"] ?? null,
      signature: request.headers["x-moos-signature"] ?? null,
      body,
    });
    response.writeHead(204).end();
    return;
  }
  if (pathname === "/events" && request.method === "GET") {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(events));
    return;
  }
  if (pathname === "/events" && request.method === "DELETE") {
    events.length = 0;
    response.writeHead(204).end();
    return;
  }
  response.writeHead(404).end();
});

server.listen(port, "127.0.0.1");
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
