import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";

// serve.public.cors over HTTP (Kratos's keys and defaults): preflights and answers for admitted
// origins only, credentials only where allowed and never for `*`, the caller's origin echoed
// only when a named pattern admits it, `Vary: Origin` on every answer while CORS is on.

const shop = "https://shop.moos.de";
const app = "https://app.moos-shop.de";
const evil = "https://evil.example";

let named: Harness;
let anyOrigin: Harness;
let withoutCookies: Harness;
let off: Harness;
beforeAll(async () => {
  // One after the other: four services starting at once overrun fastify's plugin timeout on a
  // busy machine.
  named = await startHarness({
    serve: {
      public: {
        cors: { enabled: true, allowed_origins: [shop, "https://*.moos-shop.de"], max_age: 600 },
      },
    },
  });
  anyOrigin = await startHarness({ serve: { public: { cors: { enabled: true } } } });
  withoutCookies = await startHarness({
    serve: {
      public: { cors: { enabled: true, allowed_origins: [shop], allow_credentials: false } },
    },
  });
  off = await startHarness();
});
afterAll(async () => {
  await Promise.all([named, anyOrigin, withoutCookies, off].map((h) => h?.close()));
});

/** The browser's preflight before a JSON submit of a login flow. */
async function preflight(h: Harness, origin: string): Promise<Response> {
  const flow = await h.browser().api.createBrowserLoginFlow();
  return fetch(`${h.publicUrl}/self-service/login?flow=${flow.id}`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    },
  });
}

function get(h: Harness, origin: string): Promise<Response> {
  return fetch(`${h.publicUrl}/self-service/login/browser`, {
    headers: { origin, accept: "application/json" },
  });
}

const vary = (res: Response): string[] =>
  (res.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());

describe("CORS for named origins", () => {
  it("answers the preflight of OPTIONS /self-service/login?flow= for an allowed origin", async () => {
    const res = await preflight(named, shop);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(shop);
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect(res.headers.get("access-control-allow-methods")).toBe("POST, GET, PUT, PATCH, DELETE");
    expect(res.headers.get("access-control-allow-headers")).toContain("Content-Type");
    expect(res.headers.get("access-control-max-age")).toBe("600");
    expect(vary(res)).toContain("origin");
    // A preflight is not a page view: no CSRF cookie is set on it.
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("admits a subdomain of a wildcard and exposes Content-Type on the answer", async () => {
    const res = await get(named, app);
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(app);
    expect(res.headers.get("access-control-allow-credentials")).toBe("true");
    expect(res.headers.get("access-control-expose-headers")).toBe("Content-Type");
    expect(vary(res)).toContain("origin");
  });

  it("refuses any other origin: no CORS headers, no echo, a preflight nobody answers", async () => {
    for (const origin of [evil, "https://moos-shop.de", "https://evilmoos-shop.de"]) {
      const res = await get(named, origin);
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
      expect(res.headers.get("access-control-allow-credentials")).toBeNull();
      expect(vary(res)).toContain("origin");
      const pre = await preflight(named, origin);
      expect(pre.status).toBe(404);
      expect(pre.headers.get("access-control-allow-origin")).toBeNull();
    }
  });

  it("offers no credentials when allow_credentials is false", async () => {
    const res = await preflight(withoutCookies, shop);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(shop);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    // max_age 0 (the default): no caching header, as Kratos.
    expect(res.headers.get("access-control-max-age")).toBeNull();
  });
});

describe("CORS for `*`", () => {
  it("answers any origin with `*` and never with credentials or its own origin", async () => {
    const res = await preflight(anyOrigin, evil);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    const answer = await get(anyOrigin, evil);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
    expect(vary(answer)).toContain("origin");
  });
});

describe("CORS off (the default)", () => {
  it("sends no CORS headers and knows no OPTIONS", async () => {
    const res = await get(off, shop);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect((await preflight(off, shop)).status).toBe(404);
  });
});
