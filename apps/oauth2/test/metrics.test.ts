import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePrometheus } from "../../identity/test/support/prometheus.ts";
import { adminToken, type Harness, startProvider } from "./support/harness.ts";

// GET /metrics on the admin port: every answered request of both servers is counted, by a
// route the provider knows (a client's own path is "(other)"), and request ids pass through.

let provider: Harness;
beforeAll(async () => {
  provider = await startProvider();
});
afterAll(async () => provider?.close());

describe("metrics", () => {
  it("counts the public and the admin server's requests by route, without a token", async () => {
    await fetch(`${provider.publicUrl}/.well-known/openid-configuration`);
    const unknown = await fetch(`${provider.publicUrl}/a/path/of/someone/s/own?x=1`, {
      headers: { "x-request-id": "metrics-test-1" },
    });
    expect(unknown.headers.get("x-request-id")).toBe("metrics-test-1");
    await fetch(`${provider.adminUrl}/admin/clients`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });

    const response = await fetch(`${provider.adminUrl}/metrics`);
    expect(response.status).toBe(200);
    const metrics = parsePrometheus(await response.text());
    const count = (labels: Record<string, string>): number =>
      metrics.value("moos_oauth2_http_requests_total", labels);
    expect(
      count({
        server: "public",
        method: "GET",
        route: "/.well-known/openid-configuration",
        status_code: "200",
      }),
    ).toBe(1);
    expect(count({ server: "public", method: "GET", route: "(other)", status_code: "404" })).toBe(
      1,
    );
    expect(
      count({ server: "admin", method: "GET", route: "/admin/clients", status_code: "200" }),
    ).toBe(1);
    expect(metrics.value("process_cpu_seconds_total")).toBeGreaterThan(0);
  });
});
