import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type FreezingProxy, startFreezingProxy } from "../support/freezing-proxy.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import { parsePrometheus } from "../support/prometheus.ts";
import { createAccount, type Json, signInNative, uniqueEmail } from "./account-helpers.ts";
import { consoleCall, createStaff, type Staff, withConsole } from "./console-helpers.ts";

// docs/production.md#when-the-database-is-down: while PostgreSQL is away the identity service
// says so (503, Retry-After, Kratos's envelope with our id `service_unavailable`), to API
// clients and to browsers (the error UI with a stub that needs no database), never 500 and
// never a wait without end (the console's API, docs/console.md, too); /health/ready says so too and is ready again once it is back.

let postgres: PostgresServer;
let proxy: FreezingProxy;
let h: Harness;
let staff: Staff;
beforeAll(async () => {
  postgres = await startPostgres();
  proxy = await startFreezingProxy(postgres.url);
  h = await startHarness(
    withConsole({ database: { connect_timeout: "1s", query_timeout: "1s" } }),
    { dsn: proxy.url },
  );
  staff = await createStaff(h, "support");
}, 60_000);
afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await postgres?.stop();
});

async function json(url: string, init: RequestInit = {}): Promise<{ res: Response; json: Json }> {
  const res = await fetch(url, {
    ...init,
    headers: { accept: "application/json", ...init.headers },
  });
  return { res, json: (await res.json()) as Json };
}

async function reachable(): Promise<boolean> {
  return (await fetch(`${h.publicUrl}/health/ready`)).status === 200;
}

function expectUnavailable(res: Response, body: Json): void {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("5");
  expect(res.headers.get("ory-error-id")).toBe("service_unavailable");
  expectSchema("errorGeneric", body);
  expect(body.error).toMatchObject({ id: "service_unavailable", code: 503 });
}

describe("a PostgreSQL that crashed", () => {
  it("is answered 503 with Retry-After, also for browsers and readiness, and 200 once it is back", async () => {
    const email = uniqueEmail("outage");
    await createAccount(h, email, { verified: true });
    const token = await signInNative(h, email);

    await postgres.crash();
    onTestFinished(async () => {
      if (!(await reachable())) await postgres.restart();
    });
    const flow = await json(`${h.publicUrl}/self-service/registration/api`);
    expectUnavailable(flow.res, flow.json);
    const admin = await json(`${h.adminUrl}/admin/identities`, {
      headers: { authorization: `Bearer ${h.adminToken}` },
    });
    expectUnavailable(admin.res, admin.json);
    // The console's server says "briefly unavailable" to staff from this answer.
    const search = await consoleCall(h, staff, "GET", `/customers?q=${encodeURIComponent(email)}`);
    expect(search.status).toBe(503);
    expect(search.json.error).toMatchObject({ id: "service_unavailable", code: 503 });
    // A browser goes to the error UI; the error there is a stub the database is not needed for,
    // and the page it came from is the one to try again.
    const browser = await fetch(`${h.publicUrl}/self-service/login/browser?refresh=true`, {
      redirect: "manual",
    });
    expect(browser.status).toBe(303);
    // Nothing was stored, so no cookie changes (the CSRF cookie of a flow that does not exist).
    expect(browser.headers.get("set-cookie")).toBeNull();
    const location = new URL(browser.headers.get("location") ?? "");
    expect(location.searchParams.get("id")).toBe("stub:503");
    expect(location.searchParams.get("retry")).toBe("/self-service/login/browser?refresh=true");
    // Like Kratos's own stub:500, its id is the stub's name.
    const stub = await json(`${h.publicUrl}/self-service/errors?id=stub:503`);
    expect(stub.res.status).toBe(200);
    expect(stub.json).toMatchObject({ id: "stub:503", error: { id: "service_unavailable" } });
    expectSchema("genericError", stub.json.error);

    expect((await fetch(`${h.publicUrl}/health/alive`)).status).toBe(200);
    expect((await fetch(`${h.publicUrl}/health/ready`)).status).toBe(503);
    expect((await fetch(`${h.adminUrl}/health/ready`)).status).toBe(503);
    const down = parsePrometheus(await (await fetch(`${h.adminUrl}/metrics`)).text());
    expect(down.value("moos_identity_database_available")).toBe(0);
    expect(down.sum("moos_identity_unavailable_responses_total")).toBe(4);
    expect(h.logs.map((line) => line.msg)).toContain(
      "database: unreachable; answering 503 until it is back",
    );

    await postgres.restart();
    // Ready at the first ask after the database is back: nothing waits for a retry timer.
    expect((await fetch(`${h.publicUrl}/health/ready`)).status).toBe(200);
    const whoami = await fetch(`${h.publicUrl}/sessions/whoami`, {
      headers: { "x-session-token": token },
    });
    expect(whoami.status).toBe(200);
    const up = parsePrometheus(await (await fetch(`${h.adminUrl}/metrics`)).text());
    expect(up.value("moos_identity_database_available")).toBe(1);
    expect(h.logs.map((line) => line.msg)).toContain("database: reachable again");
  });
});

describe("a PostgreSQL that stops answering (a network partition)", () => {
  it("is answered 503 once database.query_timeout or connect_timeout runs out, not never", async () => {
    expect((await json(`${h.publicUrl}/self-service/login/api`)).res.status).toBe(200);
    proxy.freeze();
    try {
      // The pool's open connections hang in a query, new ones in connecting: both end.
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => json(`${h.publicUrl}/self-service/login/api`)),
      );
      for (const { res, json: body } of answers) expectUnavailable(res, body);
    } finally {
      proxy.thaw();
    }
    expect((await json(`${h.publicUrl}/self-service/login/api`)).res.status).toBe(200);
  });
});
