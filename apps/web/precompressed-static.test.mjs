// @vitest-environment node

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptedEncodings, createPrecompressedStatic } from "./precompressed-static.mjs";

const script = "console.log('Moos');".repeat(50);
let folder;
let server;
let base;

/** A raw request (fetch would decompress and hide the encoding). */
function get(pathname, headers = {}, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  const chunks = path.join(folder, "static", "chunks");
  mkdirSync(chunks, { recursive: true });
  writeFileSync(path.join(chunks, "app.js"), script);
  writeFileSync(path.join(chunks, "app.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(chunks, "app.js.gz"), gzipSync(script));
  writeFileSync(path.join(chunks, "plain.js"), script);
  writeFileSync(path.join(folder, "secret.js.br"), brotliCompressSync("secret"));
  const headersFile = path.join(folder, "headers.json");
  writeFileSync(headersFile, JSON.stringify({ "X-Content-Type-Options": "nosniff" }));
  const serve = createPrecompressedStatic({ staticDir: path.join(folder, "static"), headersFile });
  server = createServer(async (request, response) => {
    if (await serve(request, response)) return;
    response.setHeader("X-Answered-By", "next");
    response.end("next");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

afterAll(() => {
  server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("precompressed static files", () => {
  it("answers brotli when the client accepts it, with Next's static headers", async () => {
    const answer = await get("/_next/static/chunks/app.js?dpl=1", {
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("answers gzip to a client without brotli, and only headers to HEAD", async () => {
    const gzip = await get("/_next/static/chunks/app.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body).toEqual(readFileSync(path.join(folder, "static", "chunks", "app.js.gz")));
    const head = await get("/_next/static/chunks/app.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
  });

  it("leaves to Next what it has no copy for, what the client does not accept and other paths", async () => {
    const cases = [
      ["/_next/static/chunks/plain.js", "br, gzip"],
      ["/_next/static/chunks/app.js", "identity"],
      ["/_next/static/chunks/app.js", "br;q=0, gzip;q=0"],
      ["/_next/static/chunks/app.js", undefined],
      ["/login", "br"],
      ["/_next/static/%2e%2e/secret.js", "br"],
      ["/_next/static/../secret.js", "br"],
      ["/_next/static/chunks/%E0%A4%A.js", "br"],
    ];
    for (const [pathname, encoding] of cases) {
      const answer = await get(pathname, encoding ? { "accept-encoding": encoding } : {});
      expect(answer.headers["x-answered-by"], `${pathname} ${encoding}`).toBe("next");
    }
  });
});

describe("acceptedEncodings", () => {
  it("follows the q-values and the wildcard, preferring brotli", () => {
    const names = (header) => acceptedEncodings(header).map((encoding) => encoding.name);
    expect(names("gzip, br")).toEqual(["br", "gzip"]);
    expect(names("gzip;q=0.5, br;q=0")).toEqual(["gzip"]);
    expect(names("*")).toEqual(["br", "gzip"]);
    expect(names("*;q=0, gzip")).toEqual(["gzip"]);
    expect(names("deflate")).toEqual([]);
    expect(names(undefined)).toEqual([]);
  });
});
