import { type ConsoleAction, roleMay, type StaffRole, staffRoles } from "@moos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { browserSignIn } from "../support/safety.ts";
import { csrfOf } from "./account-helpers.ts";
import {
  auditOf,
  type ConsoleCall,
  consoleCall,
  createCustomer,
  createStaff,
  openCustomerQuietly,
  type Staff,
  withConsole,
} from "./console-helpers.ts";

// docs/console.md#roles: the role × action matrix over HTTP. Each role takes each action on a
// customer prepared so that the action has something to do: allowed, it answers 200; refused,
// 403 console_forbidden, and nothing changed (the account, its sessions and lock, the audit).
// Then the rule above the table: never on an account with a higher role, never a change to
// one's own.

let h: Harness;
const staff = {} as Record<StaffRole, Staff>;
beforeAll(async () => {
  h = await startHarness(withConsole());
  for (const role of staffRoles) staff[role] = await createStaff(h, role);
});
afterAll(async () => h?.close());

interface Target {
  id: string;
  email: string;
}

/** The state the matrix compares: what could change, as the service holds it. */
async function snapshot(id: string): Promise<string> {
  const { deps } = h.app;
  const identity = await deps.persistence.identities.getIdentity(id);
  const { total } = await deps.persistence.sessions.listSessionsOfIdentity(id, {
    active: true,
    limit: 1,
    offset: 0,
  });
  const lock = await deps.persistence.locks.activeLock(id, new Date());
  const role = await deps.persistence.console.staffRole(id);
  const audit = await auditOf(h, { customerId: id });
  return JSON.stringify({ identity, total, lock, role, audit: audit.length });
}

/** A recovery flow waiting for its code, so that a resend has something to do. */
async function waitingRecovery(email: string): Promise<void> {
  const b = h.browser();
  const flow = await b.api.createBrowserRecoveryFlow();
  const mark = h.mails.length;
  await b.api.updateRecoveryFlow({
    flow: flow.id,
    updateRecoveryFlowBody: { method: "code", csrf_token: csrfOf(flow), email },
  });
  await h.codeFor(email, { after: mark });
}

async function withTotp(id: string): Promise<void> {
  const identity = (await h.app.deps.persistence.identities.getIdentity(id))!;
  const now = new Date();
  identity.credentials.push({
    id: crypto.randomUUID(),
    type: "totp",
    identifiers: [id],
    config: { totp_url: "otpauth://totp/Moos:x?secret=JBSWY3DPEHPK3PXP" },
    version: 0,
    created_at: now,
    updated_at: now,
  });
  await h.app.deps.persistence.identities.updateIdentity(identity);
}

type Call = (by: Staff, target: Target) => Promise<ConsoleCall>;

const post =
  (path: string, fields: (target: Target) => Record<string, unknown> = () => ({})): Call =>
  async (by, target) =>
    consoleCall(h, by, "POST", `/customers/${target.id}/${path}`, {
      body: {
        reason: "Kundin hat angerufen",
        expected_version: (await openCustomerQuietly(h, target.id)).version,
        ...fields(target),
      },
    });

/** Each action: how to prepare a customer for it, and the call. */
const actions: Record<ConsoleAction, { prepare?: (t: Target) => Promise<void>; call: Call }> = {
  "customer.search": {
    call: (by, t) => consoleCall(h, by, "GET", `/customers?q=${encodeURIComponent(t.email)}`),
  },
  "customer.open": { call: (by, t) => consoleCall(h, by, "GET", `/customers/${t.id}`) },
  "audit.read": { call: (by, t) => consoleCall(h, by, "GET", `/audit?customer_id=${t.id}`) },
  "sessions.revoke": {
    prepare: async (t) => {
      expect(await browserSignIn(h, h.browser(), t.email)).toBe(200);
    },
    call: post("sessions/revoke"),
  },
  "account.lock": { call: post("lock", () => ({ until: null })) },
  "account.unlock": {
    prepare: (t) =>
      h.app.deps.persistence.locks.putLock({
        identity_id: t.id,
        locked_at: new Date(),
        until: null,
        reason: "vorbereitet",
        locked_by: null,
      }),
    call: post("unlock"),
  },
  "email.resend": {
    prepare: (t) => waitingRecovery(t.email),
    call: post("resend", () => ({ kind: "recovery" })),
  },
  "name.correct": { call: post("name", () => ({ first: "Erika", last: "Musterfrau" })) },
  "data.export": { call: post("export") },
  "account.delete": { call: post("delete", (t) => ({ confirm: t.email })) },
  "second_factors.reset": { prepare: (t) => withTotp(t.id), call: post("second-factors/reset") },
  "staff.list": { call: (by) => consoleCall(h, by, "GET", "/staff") },
  "staff.role_change": {
    call: (by, t) =>
      consoleCall(h, by, "PUT", `/staff/${t.id}`, {
        body: { role: "viewer", reason: "neu im Team" },
      }),
  },
};

describe("the role × action matrix", () => {
  for (const role of staffRoles) {
    for (const [action, { prepare, call }] of Object.entries(actions) as [
      ConsoleAction,
      (typeof actions)[ConsoleAction],
    ][]) {
      const allowed = roleMay(role, action);
      it(`${role} ${allowed ? "may" : "may not"} take ${action}`, async () => {
        const target = await createCustomer(h, {
          prefix: `matrix-${role}`,
          password: action === "sessions.revoke",
        });
        await prepare?.(target);
        const before = await snapshot(target.id);
        const answer = await call(staff[role], target);
        if (allowed) {
          expect(answer.status, JSON.stringify(answer.json)).toBe(200);
          return;
        }
        expect(answer.status).toBe(403);
        expect(answer.json.error.id).toBe("console_forbidden");
        expect(await snapshot(target.id)).toBe(before);
      });
    }
  }
});

describe("above the table", () => {
  it("never acts on an account with a higher role, reading included", async () => {
    const before = await snapshot(staff.admin.id);
    const lock = await post("lock", () => ({ until: null }))(staff.support, staff.admin);
    expect(lock.status).toBe(403);
    expect(lock.json.error.id).toBe("console_forbidden");
    const open = await consoleCall(h, staff.viewer, "GET", `/customers/${staff.support.id}`);
    expect(open.json.error.id).toBe("console_forbidden");
    expect(await snapshot(staff.admin.id)).toBe(before);
    // An equal role is no higher: an admin may act on another admin.
    const other = await createStaff(h, "admin");
    expect(
      (await post("name", () => ({ first: "Sam", last: "Sorgfalt" }))(staff.admin, other)).status,
    ).toBe(200);
  });

  it("changes nothing on one's own account, but shows it", async () => {
    const own = await post("lock", () => ({ until: null }))(staff.support, staff.support);
    expect(own.status).toBe(403);
    expect(own.json.error.id).toBe("console_forbidden");
    expect(
      (await consoleCall(h, staff.support, "GET", `/customers/${staff.support.id}`)).status,
    ).toBe(200);
  });
});
