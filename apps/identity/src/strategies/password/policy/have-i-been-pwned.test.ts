import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countPwnedPassword } from "./have-i-been-pwned.ts";

const breached = "a-breached-passphrase";
const fresh = "a-fresh-passphrase";

function sha1(password: string): string {
  return createHash("sha1").update(password).digest("hex").toUpperCase();
}

// A stand-in for api.pwnedpasswords.com on 127.0.0.1: /range/<prefix> answers with the
// breached password's suffix when the prefix matches, padding lines either way.
let server: Server;
let host: string;
let requests: IncomingMessage[] = [];
let behaviour: "answer" | "hang" | "fail" = "answer";

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request);
    if (behaviour === "hang") return;
    if (behaviour === "fail") {
      response.writeHead(503).end();
      return;
    }
    const prefix = request.url?.replace("/range/", "") ?? "";
    const lines = [
      "0018A45C4D1DEF81644B54AB7F969B88D65:10",
      "00D4F6E8FA6EECAD2A3AA415EEC418D38EC:0",
    ];
    if (sha1(breached).startsWith(prefix)) lines.push(`${sha1(breached).slice(5)}:42`);
    response.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  behaviour = "answer";
});

const options = (): { host: string; timeoutMs: number; fetchImpl: typeof fetch } => ({
  host,
  timeoutMs: 1000,
  fetchImpl: fetch,
});

describe("countPwnedPassword", () => {
  it("sends only the first five hex digits of the SHA-1, with padding requested", async () => {
    expect(await countPwnedPassword(breached, options())).toBe(42);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`/range/${sha1(breached).slice(0, 5)}`);
    expect(requests[0]?.headers["add-padding"]).toBe("true");
  });

  it("counts 0 for a suffix that is not listed", async () => {
    expect(await countPwnedPassword(fresh, options())).toBe(0);
  });

  it("accepts a host with a trailing slash", async () => {
    expect(await countPwnedPassword(breached, { ...options(), host: `${host}/` })).toBe(42);
    expect(requests[0]?.url).toBe(`/range/${sha1(breached).slice(0, 5)}`);
  });

  it("gives up after the timeout", async () => {
    behaviour = "hang";
    const started = performance.now();
    expect(await countPwnedPassword(breached, { ...options(), timeoutMs: 100 })).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("ignores error statuses and refused connections", async () => {
    behaviour = "fail";
    expect(await countPwnedPassword(breached, options())).toBeUndefined();
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const refused = { ...options(), host: `http://127.0.0.1:${port}` };
    expect(await countPwnedPassword(breached, refused)).toBeUndefined();
  });
});
