import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    selfservice: { flows: { login: { lifespan: "1s" } } },
    rate_limits: {
      submit_per_ip: { max: 12, window: "1m" },
      login_failures: { delay_after: 2, base_delay: "10ms", max_per_day: 4 },
    },
  });
});
afterAll(async () => h?.close());

describe("flow expiry", () => {
  it("answers an expired login submit with 410 and a new flow carrying 4010001", async () => {
    const api = h.native();
    const flow = await api.createNativeLoginFlow();
    await new Promise((r) => setTimeout(r, 1100));
    const response = await fetch(`${h.publicUrl}/self-service/login?flow=${flow.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        method: "password",
        identifier: "late@example.com",
        password: "whatever-123",
      }),
    });
    expect(response.status).toBe(410);
    const body = (await response.json()) as { use_flow_id: string; error: { id: string } };
    expectSchema("selfServiceFlowExpiredError", body);
    expect(body.error.id).toBe("self_service_flow_expired");
    const fresh = await api.getLoginFlow({ id: body.use_flow_id });
    expect(fresh.ui.messages?.[0]?.id).toBe(4010001);
  });
});

describe("abuse limits", () => {
  it("throttles failed logins per identifier, then answers 429 with Retry-After", async () => {
    const api = h.native();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      const flow = await api.createNativeLoginFlow();
      const response = await fetch(`${h.publicUrl}/self-service/login?flow=${flow.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          method: "password",
          identifier: "target@example.com",
          password: "wrong-password-1",
        }),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        retryAfter = response.headers.get("retry-after");
        expectSchema("errorGeneric", await response.json());
      }
    }
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it("limits submits per IP address", async () => {
    const api = h.native();
    const flow = await api.createNativeRecoveryFlow();
    let limited = false;
    for (let i = 0; i < 15 && !limited; i++) {
      const response = await fetch(`${h.publicUrl}/self-service/recovery?flow=${flow.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ method: "code", email: `someone${i}@example.com` }),
      });
      limited = response.status === 429;
    }
    expect(limited).toBe(true);
  });
});
