// @vitest-environment node
// Pages, server actions and route handlers call the identity service with what the proxy
// decided (request-context.ts), never with what the browser sent.
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeIdentity } from "../flow-engine/testing/fake-identity";

const incoming = new Headers({
  cookie: "csrf_token_a=x",
  "user-agent": "Firefox",
  // What the browser claimed, and what the proxy decided.
  "x-forwarded-for": "203.0.113.7",
  "x-request-id": "chosen-by-client",
  "x-moos-client-address": "198.51.100.4",
  "x-moos-request-id": "r-42",
});

vi.mock("next/headers", () => ({
  headers: async () => incoming,
  cookies: async () => new Map(),
}));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe("calls to the identity service from server code", () => {
  it("SDK calls carry the decided client address and the request id", async () => {
    const { createIdentityClient } = await import("./identity.server");
    const identity = fakeIdentity({ status: 200, body: { id: "s", active: true } });
    vi.stubGlobal("fetch", identity.fetch);
    const client = await createIdentityClient();
    await client.call((api) => api.toSession());
    const [request] = identity.requests;
    expect(request?.headers.get("x-forwarded-for")).toBe("198.51.100.4");
    expect(request?.headers.get("x-request-id")).toBe("r-42");
    expect(request?.headers.get("cookie")).toBe("csrf_token_a=x");
  });

  it("admin calls carry the request id", async () => {
    vi.stubEnv("ORY_ADMIN_URL", "http://127.0.0.1:4434");
    vi.stubEnv("ORY_ADMIN_TOKEN", "admin-token-for-the-test");
    const { adminApi } = await import("./admin.server");
    const identity = fakeIdentity({
      status: 200,
      body: { id: "i-1", schema_id: "default", schema_url: "", traits: {} },
    });
    vi.stubGlobal("fetch", identity.fetch);
    await adminApi().getIdentity({ id: "i-1" });
    const [request] = identity.requests;
    expect(request?.headers.get("x-request-id")).toBe("r-42");
    expect(request?.headers.get("authorization")).toBe("Bearer admin-token-for-the-test");
    expect(request?.headers.has("x-forwarded-for")).toBe(false);
  });
});
