// @vitest-environment node

import { TrustedProxies } from "@moos/client-address";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  decideRequestContext,
  forwardedHeaders,
  requestContextOf,
  socketPeer,
  withContextHeaders,
} from "./request-context";

const MARKER = Symbol.for("moos.web.peer-header");
const globals = globalThis as Record<symbol, unknown>;
const loopback = TrustedProxies.parse("127.0.0.1,::1");
const newId = (): string => "fresh-id";

function incoming(values: Record<string, string>): Headers {
  return new Headers(values);
}

describe("with server.mjs (the peer is known)", () => {
  beforeEach(() => {
    globals[MARKER] = "x-moos-peer";
  });
  afterEach(() => {
    delete globals[MARKER];
  });

  it("ignores what an untrusted client says about its address, id and scheme", () => {
    const context = decideRequestContext(
      incoming({
        "x-moos-peer": "198.51.100.4",
        "x-forwarded-for": "203.0.113.7",
        "x-request-id": "chosen-by-client",
        "x-forwarded-proto": "https",
      }),
      loopback,
      newId,
    );
    expect(context).toEqual({
      clientAddress: "198.51.100.4",
      requestId: "fresh-id",
      protocol: "http",
    });
  });

  it("believes a trusted proxy: the address it appended, its request id and scheme", () => {
    const context = decideRequestContext(
      incoming({
        "x-moos-peer": "::ffff:127.0.0.1",
        "x-forwarded-for": "203.0.113.7, 198.51.100.4",
        "x-request-id": "4f1c2b9a0e7d4c3b",
        "x-forwarded-proto": "https",
      }),
      loopback,
      newId,
    );
    expect(context).toEqual({
      clientAddress: "198.51.100.4",
      requestId: "4f1c2b9a0e7d4c3b",
      protocol: "https",
    });
  });

  it("replaces a trusted proxy's request id that is not a plain token", () => {
    for (const id of ["a b", "x".repeat(129), "id;x=1", "<script>", "a\tb"]) {
      const context = decideRequestContext(
        incoming({ "x-moos-peer": "127.0.0.1", "x-request-id": id }),
        loopback,
        newId,
      );
      expect(context.requestId).toBe("fresh-id");
    }
  });

  it("makes a new id for each request without one", () => {
    const first = decideRequestContext(incoming({ "x-moos-peer": "127.0.0.1" }), loopback);
    const second = decideRequestContext(incoming({ "x-moos-peer": "127.0.0.1" }), loopback);
    expect(first.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.requestId).not.toBe(first.requestId);
  });
});

describe("without server.mjs (a bare next start or next dev)", () => {
  it("knows no peer, even when a client sends the header", () => {
    const headers = incoming({ "x-moos-peer": "127.0.0.1", "x-forwarded-for": "203.0.113.7" });
    expect(socketPeer(headers)).toBeUndefined();
    expect(decideRequestContext(headers, loopback, newId)).toEqual({
      clientAddress: undefined,
      requestId: "fresh-id",
      protocol: "http",
    });
  });
});

describe("handing the decision on", () => {
  const context = { clientAddress: "198.51.100.4", requestId: "r-1", protocol: "https" } as const;

  it("gives the identity service exactly the decided address, never the client's chain", () => {
    const headers = forwardedHeaders(
      incoming({
        "x-forwarded-for": "203.0.113.7",
        "x-request-id": "chosen-by-client",
        "x-moos-peer": "198.51.100.4",
        "x-moos-client-address": "203.0.113.7",
        cookie: "a=1",
      }),
      context,
    );
    expect(Object.fromEntries(headers)).toEqual({
      "x-forwarded-for": "198.51.100.4",
      "x-forwarded-proto": "https",
      "x-request-id": "r-1",
      cookie: "a=1",
    });
  });

  it("sends no X-Forwarded-For when the address is unknown", () => {
    const headers = forwardedHeaders(incoming({ "x-forwarded-for": "203.0.113.7" }), {
      ...context,
      clientAddress: undefined,
    });
    expect(headers.has("x-forwarded-for")).toBe(false);
  });

  it("lets pages and actions read the decision back", () => {
    const headers = withContextHeaders(
      incoming({ "x-moos-client-address": "203.0.113.7", "x-moos-peer": "198.51.100.4" }),
      context,
    );
    expect(headers.has("x-moos-peer")).toBe(false);
    expect(requestContextOf(headers)).toEqual(context);
    const unknown = withContextHeaders(incoming({ "x-moos-client-address": "203.0.113.7" }), {
      ...context,
      clientAddress: undefined,
    });
    expect(requestContextOf(unknown).clientAddress).toBeUndefined();
  });
});
