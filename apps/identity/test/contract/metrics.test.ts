import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { parsePrometheus, type Scrape } from "../support/prometheus.ts";
import {
  createAccount,
  csrfOf,
  failure,
  password,
  signInNative,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

// docs/production.md#metrics: GET /metrics on the admin port, scraped and parsed after some traffic.

let h: Harness;
let webhookCalls = 0;
const testStarted = performance.now();
beforeAll(async () => {
  h = await startHarness(
    {
      // Messages stay in the outbox (its depth is read at scrape time); sends run by hand.
      courier: { dispatcher: { enabled: false } },
      webhooks: {
        secret: "metrics-test-webhook-secret-0123",
        endpoints: [{ url: "http://127.0.0.1:9/hooks", events: ["identity.deleted"] }],
      },
      rate_limits: { login_failures: { delay_after: 100, max_per_day: 2 } },
    },
    {
      fetch: async () => {
        webhookCalls++;
        throw new Error("the shop is down");
      },
    },
  );
});
afterAll(async () => h?.close());

async function scrape(): Promise<Scrape> {
  const response = await fetch(`${h.adminUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parsePrometheus(await response.text());
}

async function register(email: string, secret = password): Promise<number> {
  const flow = await h.native().createNativeRegistrationFlow();
  const response = await fetch(`${h.publicUrl}/self-service/registration?flow=${flow.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ method: "password", password: secret, traits: traitsOf(email) }),
  });
  return response.status;
}

async function wrongPasswordInBrowser(email: string): Promise<Response> {
  const browser = h.browser();
  const flow = await browser.api.createBrowserLoginFlow();
  const form = new URLSearchParams({
    method: "password",
    identifier: email,
    password: "not-the-password-1",
    csrf_token: csrfOf(flow),
  });
  return browser.fetch(`${h.publicUrl}/self-service/login?flow=${flow.id}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    body: form.toString(),
  });
}

describe("GET /metrics", () => {
  it("needs no admin token and speaks Prometheus's text format", async () => {
    const metrics = await scrape();
    expect(metrics.types.get("moos_identity_http_requests_total")).toBe("counter");
    expect(metrics.types.get("moos_identity_http_request_duration_seconds")).toBe("histogram");
    expect(metrics.value("moos_identity_database_info", { driver: "pglite" })).toBe(1);
    expect(metrics.samples.some((s) => s.name.startsWith("moos_identity_database_pool"))).toBe(
      false,
    );
    expect(metrics.value("process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts requests, logins, registrations, rate limits, the outbox and failed sends", async () => {
    await expect(register(uniqueEmail("metrics"))).resolves.toBe(200);
    await expect(register(uniqueEmail("metrics"), "short")).resolves.toBe(400);
    const email = uniqueEmail("metrics-login");
    const identity = await createAccount(h, email);
    await signInNative(h, email);
    const browserFailure = await wrongPasswordInBrowser(email);
    expect(browserFailure.status).toBe(303);
    const failures = [
      await failure(signInNative(h, email, "wrong-password-2")),
      await failure(signInNative(h, email, "wrong-password-3")),
    ];
    expect(failures.map((f) => f.status)).toEqual([400, 429]);
    await h.identityApi().deleteIdentity({ id: identity.id });
    expect((await fetch(`${h.publicUrl}/no/such/path/${identity.id}`)).status).toBe(404);
    expect(await h.app.outbox.dispatchOnce("webhook")).toBe(1);
    expect(webhookCalls).toBe(1);
    // Every failed password sign-in leaves a job (flows/recovery/migration-email.ts): run them.
    expect(await h.app.outbox.dispatchOnce("job")).toBe(2);

    const metrics = await scrape();
    const registration = { method: "password" };
    expect(
      metrics.value("moos_identity_registrations_total", { ...registration, result: "success" }),
    ).toBe(1);
    expect(
      metrics.value("moos_identity_registrations_total", { ...registration, result: "failure" }),
    ).toBe(1);
    const login = (result: string): number =>
      metrics.value("moos_identity_logins_total", { method: "password", result });
    expect([login("success"), login("failure"), login("rate_limited")]).toEqual([1, 2, 1]);
    expect(
      metrics.value("moos_identity_rate_limit_rejections_total", { limit: "login_failures" }),
    ).toBe(1);

    const submit = {
      server: "public",
      method: "POST",
      route: "/self-service/registration",
    };
    expect(
      metrics.value("moos_identity_http_requests_total", { ...submit, status_code: "200" }),
    ).toBe(1);
    expect(
      metrics.value("moos_identity_http_request_duration_seconds_count", {
        ...submit,
        status_code: "400",
      }),
    ).toBe(1);
    // Route patterns, never ids.
    const deletion = {
      server: "admin",
      method: "DELETE",
      route: "/admin/identities/:id",
      status_code: "204",
    };
    expect(metrics.value("moos_identity_http_requests_total", deletion)).toBe(1);
    expect(
      metrics.value("moos_identity_http_requests_total", {
        server: "public",
        route: "(unmatched)",
        status_code: "404",
      }),
    ).toBe(1);

    // The registration's verification email, the notice of the sign-in from a new device, the
    // deletion's email and the failed webhook wait.
    expect(
      metrics.value("moos_identity_courier_outbox_messages", { type: "email", status: "queued" }),
    ).toBe(3);
    expect(
      metrics.value("moos_identity_courier_outbox_messages", {
        type: "webhook",
        status: "queued",
      }),
    ).toBe(1);
    expect(
      metrics.value("moos_identity_courier_outbox_messages", {
        type: "email",
        status: "abandoned",
      }),
    ).toBe(0);
    // They have waited since they were written: more than nothing, less than the test has run.
    const emailAge = metrics.value("moos_identity_courier_outbox_oldest_message_age_seconds", {
      type: "email",
    });
    expect(emailAge).toBeGreaterThan(0);
    expect(emailAge).toBeLessThan((performance.now() - testStarted) / 1000 + 1);
    expect(
      metrics.value("moos_identity_courier_outbox_oldest_message_age_seconds", { type: "job" }),
    ).toBe(0);
    expect(
      metrics.value("moos_identity_courier_send_failures_total", {
        type: "webhook",
        outcome: "retry",
      }),
    ).toBe(1);
    expect(
      metrics.value("moos_identity_database_query_duration_seconds_count", { result: "ok" }),
    ).toBeGreaterThan(10);
  });
});
