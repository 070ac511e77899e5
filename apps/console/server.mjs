// The console's production server: `node server.mjs` (from this folder, or from the folder of a
// standalone build). As the web app's (apps/web/server.mjs): Next's own request handler (the
// documented custom-server API, https://nextjs.org/docs/app/guides/custom-server) behind a
// plain Node HTTP server, for the client's address. Before Next sees a request, every
// `x-moos-*` header a client sent is removed and the socket's peer is written into
// `x-moos-peer`; the proxy (src/proxy.ts, lib/request-context.ts) decides from it and
// CONSOLE_TRUSTED_PROXIES who the staff member is, for the audit and the rate limits.
//
// Environment: PORT (default 3100) and HOST (default localhost) to listen on; REQUEST_LOG=true
// writes one JSON line per answered request (method, path without the query, status, time,
// request id); everything else is the console's own configuration (src/lib/config.ts). Nothing
// here logs a header, a cookie or a body, so neither the console token nor a session can reach
// the log. SIGTERM and SIGINT stop accepting connections, let requests in flight finish and
// exit; after SHUTDOWN_GRACE_MS the process exits anyway.

import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";

const PEER_HEADER = "x-moos-peer";
const PRIVATE_HEADER_PREFIX = "x-moos-";
const SHUTDOWN_GRACE_MS = 10_000;

const dir = import.meta.dirname;
const port = Number.parseInt(process.env.PORT ?? "", 10) || 3100;
const hostname = process.env.HOST || "localhost";
const requestLog = process.env.REQUEST_LOG === "true";
process.env.NODE_ENV = "production";

// The configuration the build was made with, as Next's own standalone server.js takes it.
if (!process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) {
  const manifest = path.join(dir, ".next", "required-server-files.json");
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
    JSON.parse(readFileSync(manifest, "utf8")).config,
  );
}

// Tells the app which header carries the peer (lib/request-context.ts); without this mark
// (a bare `next start`) the header is never believed.
globalThis[Symbol.for("moos.console.peer-header")] = PEER_HEADER;

const app = next({ dev: false, dir, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// Each request's trace id and span id for its log lines, when tracing runs.
const { activeTraceFields } = await import("@moos/telemetry").catch(() => ({
  activeTraceFields: () => ({}),
}));

async function answer(request, response) {
  for (const name of Object.keys(request.headers)) {
    if (name.startsWith(PRIVATE_HEADER_PREFIX)) delete request.headers[name];
  }
  const peer = request.socket.remoteAddress;
  if (peer) request.headers[PEER_HEADER] = peer;
  await handle(request, response);
}

const server = createServer((request, response) => {
  const trace = activeTraceFields();
  if (requestLog) logWhenAnswered(request, response, trace);
  answer(request, response).catch((error) => {
    logLine("error", "request failed", { ...trace, error: String(error?.stack ?? error) });
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});

/** The access line: the query is left out (a search's page token, a return address). */
function logWhenAnswered(request, response, trace) {
  const started = process.hrtime.bigint();
  response.once("finish", () => {
    logLine("info", "request", {
      request_id: response.getHeader("x-request-id"),
      ...trace,
      method: request.method,
      path: (request.url ?? "/").split("?")[0],
      status: response.statusCode,
      duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
    });
  });
}

function logLine(level, msg, fields = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
}

server.listen(port, hostname, () => {
  logLine("info", "listening", { url: `http://${hostname}:${port}` });
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  logLine("info", "stopping");
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
