import { afterAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import { createAccount, uniqueEmail } from "./account-helpers.ts";

// An email leaves the outbox when it is written, not on its dispatcher's next poll.
// The poll is an hour away here, so only the database's announcement (migration 0005) can have
// woken the dispatcher. A verification request writes its code email in the request. (Jobs stay
// on the poll: app.ts says why.)

const anHourAway = { courier: { dispatcher: { poll_interval: "1h" } } };
const started: Harness[] = [];
let server: PostgresServer | undefined;
afterAll(async () => {
  await Promise.all(started.map((h) => h.close()));
  await server?.stop();
});

async function harness(overrides: Record<string, unknown>, dsn?: string): Promise<Harness> {
  const h = await startHarness(overrides, dsn ? { dsn } : {});
  started.push(h);
  return h;
}

async function requestVerification(h: Harness, email: string): Promise<void> {
  const api = h.native();
  const flow = await api.createNativeVerificationFlow();
  await api.updateVerificationFlow({
    flow: flow.id,
    updateVerificationFlowBody: { method: "code", email },
  });
}

describe("the outbox wakes its email dispatcher", () => {
  it("sends a verification code at once on PGlite, with the next poll an hour away", async () => {
    const h = await harness(anHourAway);
    const email = uniqueEmail("wake");
    await createAccount(h, email, { verified: false });
    await requestVerification(h, email);
    expect(await h.codeFor(email)).toMatch(/^\d{6}$/);
  });

  it("has another instance's dispatcher send what one instance wrote, on PostgreSQL", async () => {
    server = await startPostgres();
    // `a` sends nothing itself; `b` polls once an hour.
    const a = await harness({ courier: { dispatcher: { enabled: false } } }, server.url);
    const b = await harness(anHourAway, server.url);
    const email = uniqueEmail("wake-pg");
    await createAccount(a, email, { verified: false });
    await requestVerification(a, email);
    expect(await b.codeFor(email)).toMatch(/^\d{6}$/);
    expect(a.mails).toHaveLength(0);
  }, 120_000);
});
