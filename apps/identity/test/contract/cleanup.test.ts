import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Flow } from "../../src/flows/flow.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { parsePrometheus } from "../support/prometheus.ts";
import { createAccount, signInNative, uniqueEmail } from "./account-helpers.ts";

// docs/production.md#pruning-expired-rows: the instance sweeps by itself every
// `cleanup.interval`; what a customer is in the middle of (a live session, a flow still open)
// keeps working after a sweep, and the sweep shows in the log and the metrics.

let h: Harness;
beforeAll(async () => {
  // A sweep every second (give or take a tenth), keeping what expired within the last hour.
  h = await startHarness({ cleanup: { interval: "1s", keep: "1h" } });
});
afterAll(async () => h?.close());

const hour = 60 * 60_000;

interface SweepLine {
  msg: string;
  component?: string;
  deleted?: Record<string, number>;
  total?: number;
}

/** Moves a flow's expiry (the port stores what it is given). */
async function expireFlow(id: string, expiresAt: Date): Promise<void> {
  const flow = (await h.app.deps.persistence.flows.getFlow(id, "login")) as Flow;
  await h.app.deps.persistence.flows.updateFlow({ ...flow, expires_at: expiresAt });
}

describe("the sweep for expired rows", () => {
  it("deletes long-expired flows and sessions by itself; a live session and open flow keep working", async () => {
    const email = uniqueEmail("prune");
    const identity = await createAccount(h, email);
    const token = await signInNative(h, email);
    const now = Date.now();
    const [old, justExpired, open] = await Promise.all([
      h.native().createNativeLoginFlow(),
      h.native().createNativeLoginFlow(),
      h.native().createNativeLoginFlow(),
    ]);
    await expireFlow(old.id, new Date(now - 2 * hour));
    await expireFlow(justExpired.id, new Date(now - 60_000));
    const expiredSession = crypto.randomUUID();
    await h.app.deps.persistence.sessions.createSession(
      {
        id: expiredSession,
        identity_id: identity.id as string,
        active: true,
        aal: "aal1",
        authentication_methods: [],
        devices: [],
        authenticated_at: new Date(now - 26 * hour),
        issued_at: new Date(now - 26 * hour),
        expires_at: new Date(now - 2 * hour),
      },
      `prune-${expiredSession}`,
      `prune-logout-${expiredSession}`,
    );
    const sweeps = h.logs.length;

    // The instance's own timer sweeps within about a second.
    const persistence = h.app.deps.persistence;
    await expect
      .poll(
        async () =>
          (await persistence.flows.getFlow(old.id, "login")) === undefined &&
          (await persistence.sessions.getSession(expiredSession)) === undefined,
        { timeout: 10_000 },
      )
      .toBe(true);
    const lines = (h.logs.slice(sweeps) as unknown as SweepLine[]).filter(
      (line) => line.msg === "cleanup: expired rows deleted",
    );
    expect(lines[0]).toMatchObject({ component: "cleanup" });
    const deleted = (table: string): number =>
      lines.reduce((sum, line) => sum + (line.deleted?.[table] ?? 0), 0);
    expect(deleted("selfservice_flows")).toBeGreaterThanOrEqual(1);
    expect(deleted("sessions")).toBeGreaterThanOrEqual(1);

    // Expired a minute ago, within `keep`: support may still look it up.
    expect(await persistence.flows.getFlow(justExpired.id, "login")).toBeDefined();
    expect((await h.native().getLoginFlow({ id: open.id })).id).toBe(open.id);
    const whoami = await fetch(`${h.publicUrl}/sessions/whoami`, {
      headers: { accept: "application/json", "x-session-token": token },
    });
    expect(whoami.status).toBe(200);
    expect(((await whoami.json()) as { identity: { id: string } }).identity.id).toBe(identity.id);

    const metrics = parsePrometheus(await (await fetch(`${h.adminUrl}/metrics`)).text());
    expect(
      metrics.value("moos_identity_cleanup_sweeps_total", { outcome: "swept" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metrics.value("moos_identity_cleanup_deleted_rows_total", { table: "selfservice_flows" }),
    ).toBeGreaterThanOrEqual(1);
    expect(metrics.value("moos_identity_cleanup_sweeps_total", { outcome: "failed" })).toBe(0);
  });
});
