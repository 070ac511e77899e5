// The build's static files (/_next/static/..., hashed names, never changed once built) served
// compressed ahead of time: scripts/build.mjs writes a brotli (quality 11) and a gzip (level 9)
// copy beside each one, and server.mjs answers from them before Next sees the request. Next
// itself only gzips, on every request (level 6): brotli at its best takes 15% off the framework
// JavaScript every page loads, and nothing is compressed per request any more.
//
// Only files with a precompressed copy and a client that accepts its encoding are answered
// here; everything else (other paths, other methods, `Accept-Encoding: identity`, a missing
// copy) goes to Next as before. The answer carries the headers Next gives static files: the
// year-long immutable cache, the content type, `Vary: Accept-Encoding`, and the security headers
// every answer has (static-headers.json, which next.config.ts reads too).

import { createReadStream, readFileSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";

const PREFIX = "/_next/static/";

/** Encodings in the order we prefer them, with the suffix of their copies. */
export const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
];

/** The file types worth compressing; scripts/build.mjs compresses these and nothing else. */
export const CONTENT_TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=UTF-8",
};

const CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * The encodings an `Accept-Encoding` header allows (RFC 9110 §12.5.3): a coding named with a
 * q-value above 0, or `*` for those not named. Ours in our order of preference.
 */
export function acceptedEncodings(header) {
  const weights = new Map();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isNaN(weight) ? 0 : weight);
  }
  return ENCODINGS.filter(({ name }) => (weights.get(name) ?? weights.get("*") ?? 0) > 0);
}

/** The file under `staticDir` a request path names, or undefined when it names none. */
export function staticFile(staticDir, pathname) {
  if (!pathname.startsWith(PREFIX)) return undefined;
  let relative;
  try {
    relative = decodeURIComponent(pathname.slice(PREFIX.length));
  } catch {
    return undefined;
  }
  const file = path.resolve(staticDir, relative);
  // No way out of the folder (`..`, an encoded slash); nothing but the file types we compress.
  if (!file.startsWith(staticDir + path.sep)) return undefined;
  if (!Object.hasOwn(CONTENT_TYPES, path.extname(file))) return undefined;
  return file;
}

/**
 * A request handler for `node:http`: answers and returns true when it has a precompressed copy
 * for the request, returns false (having written nothing) when Next should answer.
 */
export function createPrecompressedStatic({ staticDir, headersFile }) {
  const root = path.resolve(staticDir);
  const securityHeaders = Object.entries(JSON.parse(readFileSync(headersFile, "utf8")));

  return async function servePrecompressed(request, response) {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const pathname = (request.url ?? "").split("?")[0] ?? "";
    const file = staticFile(root, pathname);
    if (!file) return false;
    for (const encoding of acceptedEncodings(request.headers["accept-encoding"])) {
      const copy = `${file}${encoding.suffix}`;
      const info = await stat(copy).catch(() => undefined);
      if (!info?.isFile()) continue;
      for (const [name, value] of securityHeaders) response.setHeader(name, value);
      response.setHeader("Cache-Control", CACHE_CONTROL);
      response.setHeader("Content-Type", CONTENT_TYPES[path.extname(file)]);
      response.setHeader("Content-Encoding", encoding.name);
      response.setHeader("Content-Length", info.size);
      response.setHeader("Vary", "Accept-Encoding");
      if (request.method === "HEAD") {
        response.end();
        return true;
      }
      const stream = createReadStream(copy);
      // The copy vanished or failed mid-way: the headers are out, so the answer is cut off.
      stream.on("error", () => response.destroy());
      stream.pipe(response);
      return true;
    }
    return false;
  };
}
