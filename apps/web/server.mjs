// The web app's production server: `node server.mjs` (from this folder, or from the folder of a
// standalone build). It runs Next's own request handler (the documented custom-server API,
// https://nextjs.org/docs/app/guides/custom-server) behind a plain Node HTTP server, for one
// reason: the client's address. Next hands the app no trustworthy socket address (NextRequest
// has no `ip`, and Next's server fills X-Forwarded-For only when the client sent none, so a
// client's own header survives). Here, before Next sees a request, every `x-moos-*` header a
// client sent is removed and the socket's peer is written into `x-moos-peer`; the proxy
// (src/proxy.ts, lib/request-context.ts) decides from it and TRUSTED_PROXIES who the client is.
//
// Static files (/_next/static/...) are answered from the copies scripts/build.mjs compressed
// ahead of time with brotli and gzip (precompressed-static.mjs) when the client accepts them;
// everything else goes to Next.
//
// Environment: PORT (default 3000) and HOST (default localhost) to listen on; REQUEST_LOG=true
// writes one JSON line per answered request (method, path without the query, status, time and
// the request id the proxy decided, which the identity service logs too, and with tracing on
// the trace id); everything else is the
// app's own configuration (src/lib/config.ts). SIGTERM and SIGINT stop accepting
// connections, let requests in flight finish and exit; after SHUTDOWN_GRACE_MS the process
// exits anyway.

import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { createPrecompressedStatic } from "./precompressed-static.mjs";

const PEER_HEADER = "x-moos-peer";
const PRIVATE_HEADER_PREFIX = "x-moos-";
const SHUTDOWN_GRACE_MS = 10_000;

const dir = import.meta.dirname;
const port = Number.parseInt(process.env.PORT ?? "", 10) || 3000;
const hostname = process.env.HOST || "localhost";
const requestLog = process.env.REQUEST_LOG === "true";
process.env.NODE_ENV = "production";

// The configuration the build was made with, as Next's own standalone server.js takes it: a
// standalone build ships no next.config.ts, and the same choice in apps/web keeps both alike.
if (!process.env.__NEXT_PRIVATE_STANDALONE_CONFIG) {
  const manifest = path.join(dir, ".next", "required-server-files.json");
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(
    JSON.parse(readFileSync(manifest, "utf8")).config,
  );
}

// Tells the app which header carries the peer (lib/request-context.ts); without this mark
// (a bare `next start`) the header is never believed.
globalThis[Symbol.for("moos.web.peer-header")] = PEER_HEADER;

// Next builds its internal URLs (the proxy's request URL, what a rewrite is compared with) from
// this name; with an address such as 127.0.0.1 it would take its own proxy's rewrites for
// external ones. The listening address (HOST) is separate.
const app = next({ dev: false, dir, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

// Each request's trace id and span id for its log lines, when tracing runs (the launchers start
// it with `--import`, scripts/telemetry-args.mjs): read from OpenTelemetry's API, which without
// tracing has no active span. A copy of the build outside the repository may lack the package.
const { activeTraceFields } = await import("@moos/telemetry").catch(() => ({
  activeTraceFields: () => ({}),
}));

const servePrecompressed = createPrecompressedStatic({
  staticDir: path.join(dir, ".next", "static"),
  headersFile: path.join(dir, "static-headers.json"),
});

// Next answers a rewrite to another origin (the identity service's API, src/proxy.ts) with an
// `x-middleware-rewrite` header naming that origin's internal address; clients must not learn it.
const INTERNAL_REWRITE_HEADER = "x-middleware-rewrite";

function withoutInternalRewriteHeader(response) {
  const writeHead = response.writeHead;
  response.writeHead = function (...args) {
    this.removeHeader(INTERNAL_REWRITE_HEADER);
    const headers = args.find((arg) => arg && typeof arg === "object");
    if (headers && !Array.isArray(headers)) delete headers[INTERNAL_REWRITE_HEADER];
    return writeHead.apply(this, args);
  };
}

async function answer(request, response) {
  if (await servePrecompressed(request, response)) return;
  withoutInternalRewriteHeader(response);
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
    // Next answers its own errors; this is only what escaped it (as its server.js does).
    logLine("error", "request failed", { ...trace, error: String(error?.stack ?? error) });
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});

/** The access line: the query is left out, it may carry codes and tokens. */
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
