import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenerApplicationName } from "../../src/persistence/sql/change-listener.ts";
import type { Harness } from "../support/harness.ts";
import { startHarness } from "../support/harness.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import {
  createAccount,
  type Json,
  signInNative,
  traitsOf,
  uniqueEmail,
} from "./account-helpers.ts";

// For speed, each instance answers whoami from its own session cache, yet a session that is
// revoked, logged out, expired, or whose identity was deleted, disabled or changed must be
// answered accordingly by EVERY instance within one second. Two instances share one
// PostgreSQL here, as behind a load balancer: the change is made through one, the other must
// have served the session from its cache before and must refuse (or show the change) within a
// second after. The writing instance itself answers correctly at once.

const propagation = 1_000;

let server: PostgresServer;
let a: Harness;
let b: Harness;
beforeAll(async () => {
  server = await startPostgres();
  a = await startHarness({}, { dsn: server.url });
  b = await startHarness({}, { dsn: server.url });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await server?.stop();
});

async function whoami(h: Harness, token: string): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${h.publicUrl}/sessions/whoami`, {
    headers: { "x-session-token": token, accept: "application/json" },
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function cacheHits(h: Harness): Promise<number> {
  const metric = await h.app.metrics.registry
    .getSingleMetric("moos_identity_session_cache_lookups_total")
    ?.get();
  return metric?.values.find((v) => v.labels.result === "hit")?.value ?? 0;
}

async function cacheIsCurrent(h: Harness): Promise<boolean> {
  const metric = await h.app.metrics.registry
    .getSingleMetric("moos_identity_session_cache_current")
    ?.get();
  return metric?.values[0]?.value === 1;
}

/** Signs in through `a`, and has `b` answer the session from its cache (a hit, proven). */
async function cachedOnB(email: string): Promise<{ token: string; identity: Json }> {
  const identity = await createAccount(a, email);
  const token = await signInNative(a, email);
  expect((await whoami(a, token)).status).toBe(200);
  expect((await whoami(b, token)).status).toBe(200);
  const before = await cacheHits(b);
  expect((await whoami(b, token)).status).toBe(200);
  expect(await cacheHits(b)).toBeGreaterThan(before);
  return { token, identity };
}

/** Polls `b` until `done` holds; fails if that takes longer than the propagation bound. */
async function onBWithin(token: string, done: (answer: { status: number; json: Json }) => boolean) {
  const deadline = performance.now() + propagation;
  let last = await whoami(b, token);
  while (!done(last)) {
    if (performance.now() > deadline) {
      throw new Error(`instance b still answers ${last.status} after ${propagation} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await whoami(b, token);
  }
}

const refused = (answer: { status: number }): boolean => answer.status === 401;

async function admin(h: Harness, method: string, path: string, body?: unknown): Promise<number> {
  const response = await fetch(`${h.adminUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${h.adminToken}`,
      accept: "application/json",
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  await response.arrayBuffer();
  return response.status;
}

describe("a session answered from another instance's cache", () => {
  it("is refused within a second once revoked through the admin API", async () => {
    const { token } = await cachedOnB(uniqueEmail("revoke"));
    const session = (await whoami(a, token)).json;
    expect(await admin(a, "DELETE", `/admin/sessions/${session.id}`)).toBe(204);
    expect((await whoami(a, token)).status).toBe(401);
    await onBWithin(token, refused);
  });

  it("is refused within a second after logout", async () => {
    const { token } = await cachedOnB(uniqueEmail("logout"));
    const response = await fetch(`${a.publicUrl}/self-service/logout/api`, {
      method: "DELETE",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ session_token: token }),
    });
    expect(response.status).toBe(204);
    expect((await whoami(a, token)).status).toBe(401);
    await onBWithin(token, refused);
  });

  it("is refused within a second once its identity is deleted", async () => {
    const { token, identity } = await cachedOnB(uniqueEmail("deleted"));
    expect(await admin(a, "DELETE", `/admin/identities/${identity.id}`)).toBe(204);
    expect((await whoami(a, token)).status).toBe(401);
    await onBWithin(token, refused);
  });

  it("is refused within a second once its identity is disabled (state inactive)", async () => {
    const { token, identity } = await cachedOnB(uniqueEmail("disabled"));
    const patch = [{ op: "replace", path: "/state", value: "inactive" }];
    expect(await admin(a, "PATCH", `/admin/identities/${identity.id}`, patch)).toBe(200);
    expect((await whoami(a, token)).status).toBe(401);
    await onBWithin(token, refused);
  });

  it("shows changed traits within a second", async () => {
    const email = uniqueEmail("traits");
    const { token, identity } = await cachedOnB(email);
    const changed = traitsOf(email, "Farn", "Wedel");
    const update = { schema_id: "default", state: "active", traits: changed };
    expect(await admin(a, "PUT", `/admin/identities/${identity.id}`, update)).toBe(200);
    expect((await whoami(a, token)).json.identity.traits).toEqual(changed);
    await onBWithin(token, (answer) => answer.json.identity?.traits?.name?.first === "Farn");
  });

  it("is refused within a second when anyone else writes the database (an operator's SQL)", async () => {
    const { token, identity } = await cachedOnB(uniqueEmail("sql"));
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query("update identities set state = 'inactive' where id = $1", [identity.id]);
    } finally {
      await client.end();
    }
    await onBWithin(token, refused);
  });

  it("is refused within a second while the instance's change notifications are cut off", async () => {
    const { token } = await cachedOnB(uniqueEmail("cut"));
    const session = (await whoami(a, token)).json;
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      // Ends both instances' listener connections: b hears nothing until it listens again.
      const { rowCount } = await client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [listenerApplicationName],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
    expect(await admin(a, "DELETE", `/admin/sessions/${session.id}`)).toBe(204);
    await onBWithin(token, refused);
    // It listens again by itself, and only then trusts its cache again.
    const deadline = performance.now() + 10_000;
    while (!(await cacheIsCurrent(b))) {
      if (performance.now() > deadline) throw new Error("b never listened again");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cachedOnB(uniqueEmail("cut-after"));
  });
});

describe("an expiring session answered from another instance's cache", () => {
  let c: Harness;
  let d: Harness;
  const lifespanMs = 6_000;
  beforeAll(async () => {
    // A fresh object each: the configuration loader converts durations in place.
    const short = () => ({ session: { lifespan: `${lifespanMs / 1000}s` } });
    c = await startHarness(short(), { dsn: server.url });
    d = await startHarness(short(), { dsn: server.url });
  }, 120_000);
  afterAll(async () => {
    await c?.close();
    await d?.close();
  });

  it("is refused by every instance within a second of its expiry", async () => {
    const email = uniqueEmail("expiry");
    await createAccount(c, email);
    const token = await signInNative(c, email);
    const expiresAt = Date.parse((await whoami(c, token)).json.expires_at);
    expect((await whoami(d, token)).status).toBe(200);
    const before = await cacheHits(d);
    expect((await whoami(d, token)).status).toBe(200);
    expect(await cacheHits(d)).toBeGreaterThan(before);
    // Nothing is written when a session expires: each instance must notice by itself.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt - Date.now())));
    const deadline = expiresAt + propagation;
    for (const h of [c, d]) {
      while ((await whoami(h, token)).status !== 401) {
        if (Date.now() > deadline) throw new Error("an instance still answers an expired session");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
});
