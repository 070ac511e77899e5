import { consoleHeaders, consoleReauthMaxAgeSeconds } from "@moos/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdminServer } from "../../src/composition/admin-server.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import {
  auditOf,
  consoleCall,
  consoleToken,
  createCustomer,
  createStaff,
  openCustomerQuietly,
  type Staff,
  withConsole,
} from "./console-helpers.ts";

// docs/console.md#access: the console token opens the console's routes and nothing else, the
// admin token not them; the staff member is looked up, never believed; export, delete and role
// changes need a sign-in within 5 minutes; staff and roles, the last admin, and the audit log
// read in pages, by the console and by the shop's systems.

let h: Harness;
let admin: Staff;
let support: Staff;
beforeAll(async () => {
  h = await startHarness(withConsole());
  admin = await createStaff(h, "admin");
  support = await createStaff(h, "support");
});
afterAll(async () => h?.close());

const now = (): number => Math.floor(Date.now() / 1000);

describe("tokens", () => {
  it("opens the console's routes with the console token only", async () => {
    const me = await consoleCall(h, support, "GET", "/me");
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      id: support.id,
      email: support.email,
      name: { first: "Sam", last: "Staff" },
      role: "support",
    });
    for (const token of [h.adminToken, "wrong-token", ""]) {
      const refused = await consoleCall(h, support, "GET", "/me", { token });
      expect(refused.status).toBe(401);
      expect(refused.json.error.id).toBe("console_unauthorized");
    }
  });

  it("opens nothing else on the admin port", async () => {
    for (const path of ["/admin/identities", "/admin/audit", "/admin/courier/messages"]) {
      const response = await fetch(`${h.adminUrl}${path}`, {
        headers: { authorization: `Bearer ${consoleToken}` },
      });
      expect(response.status, path).toBe(401);
    }
  });

  it("has no console routes while the console is off", async () => {
    // The same service's admin server, built again with the console off.
    const { deps, logger, metrics, errorReports } = h.app;
    const config = { ...deps.config, console: { enabled: false, token: consoleToken } };
    const off = await buildAdminServer({ ...deps, config }, { logger, metrics, errorReports });
    try {
      const response = await off.inject({
        url: "/admin/console/me",
        headers: { authorization: `Bearer ${consoleToken}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("who acts", () => {
  it("is nobody without a role, an id, or an active unlocked account", async () => {
    const customer = await createCustomer(h, { prefix: "no-role", password: false });
    const inactive = await createStaff(h, "viewer");
    await h.identityApi().patchIdentity({
      id: inactive.id,
      jsonPatch: [{ op: "replace", path: "/state", value: "inactive" }],
    });
    const locked = await createStaff(h, "viewer");
    await h.app.deps.persistence.locks.putLock({
      identity_id: locked.id,
      locked_at: new Date(),
      until: null,
      reason: "test",
      locked_by: null,
    });
    for (const staff of [
      undefined,
      { id: "not-a-uuid" },
      { id: crypto.randomUUID() },
      customer,
      inactive,
      locked,
    ]) {
      const answer = await consoleCall(h, staff, "GET", "/me");
      expect(answer.status, JSON.stringify(staff)).toBe(401);
      expect(answer.json.error.id).toBe("console_unauthorized");
    }
  });

  it("refuses a malformed staff address", async () => {
    const answer = await consoleCall(h, support, "GET", "/me", { ip: "not-an-ip" });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toMatchObject({
      id: "console_bad_request",
      details: { field: consoleHeaders.staffIp },
    });
  });
});

describe("a recent sign-in", () => {
  it(`is needed for export, delete and role changes: within ${consoleReauthMaxAgeSeconds / 60} minutes`, async () => {
    const customer = await createCustomer(h, { prefix: "reauth", password: false });
    const { version } = await openCustomerQuietly(h, customer.id);
    const calls = [
      [
        "POST",
        `/customers/${customer.id}/export`,
        { reason: "Auskunft", expected_version: version },
      ],
      [
        "POST",
        `/customers/${customer.id}/delete`,
        { reason: "Löschwunsch", expected_version: version, confirm: customer.email },
      ],
      ["PUT", `/staff/${customer.id}`, { role: "viewer", reason: "neu im Team" }],
    ] as const;
    for (const [method, path, body] of calls) {
      for (const authTime of [null, now() - consoleReauthMaxAgeSeconds - 5, now() + 3600]) {
        const answer = await consoleCall(h, admin, method, path, { body, authTime });
        expect(answer.status, `${path} ${authTime}`).toBe(403);
        expect(answer.json.error.id).toBe("console_reauth_required");
      }
    }
    expect(await auditOf(h, { customerId: customer.id })).toEqual([]);
    const fresh = await consoleCall(h, admin, "POST", `/customers/${customer.id}/export`, {
      body: calls[0][2],
      authTime: now() - 60,
    });
    expect(fresh.status).toBe(200);
    // Other changes need no fresh sign-in.
    const lock = await consoleCall(h, support, "POST", `/customers/${customer.id}/lock`, {
      body: { reason: "Betrugsverdacht", expected_version: version, until: null },
      authTime: null,
    });
    expect(lock.status).toBe(200);
  });
});

describe("staff and roles", () => {
  it("grants, changes and takes roles, each audited; the list shows last actions", async () => {
    const person = await createCustomer(h, { prefix: "new-staff", password: false });
    const put = (role: string | null, reason = "Teamwechsel") =>
      consoleCall(h, admin, "PUT", `/staff/${person.id}`, { body: { role, reason } });
    expect((await put("support")).json.details).toEqual({ from: null, to: "support" });
    expect((await consoleCall(h, { id: person.id }, "GET", "/me")).json.role).toBe("support");
    expect((await put("support")).json.error.id).toBe("console_nothing_to_do");
    expect((await put("viewer")).json.details).toEqual({ from: "support", to: "viewer" });
    expect((await put(null)).json.details).toEqual({ from: "viewer", to: null });
    expect((await consoleCall(h, { id: person.id }, "GET", "/me")).status).toBe(401);
    expect((await put("owner")).json.error).toMatchObject({ details: { field: "role" } });
    expect((await put("admin", "")).json.error.id).toBe("console_reason_required");
    expect(
      (
        await consoleCall(h, admin, "PUT", `/staff/${crypto.randomUUID()}`, {
          body: { role: "viewer", reason: "neu" },
        })
      ).json.error.id,
    ).toBe("console_customer_not_found");

    const changes = (await auditOf(h, { customerId: person.id })).map((e) => e.details);
    expect(changes).toEqual([
      { from: "viewer", to: null },
      { from: "support", to: "viewer" },
      { from: null, to: "support" },
    ]);

    const list = await consoleCall(h, admin, "GET", "/staff");
    expect(list.status).toBe(200);
    const me = list.json.staff.find((s: { id: string }) => s.id === admin.id);
    expect(me).toMatchObject({ email: admin.email, role: "admin" });
    expect(me.last_actions[0]).toMatchObject({ action: "staff.role_change", target_id: person.id });
    expect(list.json.staff.some((s: { id: string }) => s.id === person.id)).toBe(false);
  });
});

describe("reading the audit log", () => {
  it("pages through a customer's entries, newest first, in the console and with the admin token", async () => {
    const customer = await createCustomer(h, { prefix: "pages", password: false });
    for (let i = 0; i < 52; i++)
      expect((await consoleCall(h, support, "GET", `/customers/${customer.id}`)).status).toBe(200);
    const first = await consoleCall(h, support, "GET", `/audit?customer_id=${customer.id}`);
    expect(first.json.entries).toHaveLength(50);
    expect(first.json.next_page_token).toEqual(expect.any(String));
    const second = await consoleCall(
      h,
      support,
      "GET",
      `/audit?customer_id=${customer.id}&page_token=${first.json.next_page_token}`,
    );
    // Pages go on from the cursor: the first read's own entry, newer, is not on them.
    expect(second.json.entries.map((e: { action: string }) => e.action)).toEqual([
      "customer.open",
      "customer.open",
    ]);
    expect(second.json.next_page_token).toBeNull();
    const ids = [...first.json.entries, ...second.json.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(52);

    // The shop's systems read the same log; their reads are not entries.
    const count = async () =>
      (await h.app.deps.persistence.console.listAudit({ targetId: customer.id, limit: 100 }))
        .length;
    const before = await count();
    const page = await auditOf(h, { customerId: customer.id });
    expect(page.slice(0, 2).map((e) => e.action)).toEqual(["audit.read", "audit.read"]);
    expect(await count()).toBe(before);
    for (const bad of ["page_token=nonsense", "customer_id=42", "staff_id=x"]) {
      const answer = await consoleCall(h, admin, "GET", `/audit?${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.json.error.id).toBe("console_bad_request");
      const shopAnswer = await fetch(`${h.adminUrl}/admin/audit?${bad}`, {
        headers: { authorization: `Bearer ${h.adminToken}` },
      });
      expect(shopAnswer.status).toBe(400);
    }
  });

  it("shows support their own trail, the whole log to admins only", async () => {
    expect((await consoleCall(h, support, "GET", `/audit?staff_id=${support.id}`)).status).toBe(
      200,
    );
    for (const path of ["/audit", `/audit?staff_id=${admin.id}`])
      expect((await consoleCall(h, support, "GET", path)).json.error.id).toBe("console_forbidden");
    expect((await consoleCall(h, admin, "GET", "/audit")).status).toBe(200);
  });
});

// Last: it takes the role from the suite's own admin.
describe("the last admin", () => {
  it("keeps the role: neither demoted nor deleted", async () => {
    const demote = await consoleCall(h, admin, "PUT", `/staff/${admin.id}`, {
      body: { role: "support", reason: "Urlaub" },
    });
    expect(demote.status).toBe(409);
    expect(demote.json.error.id).toBe("console_last_admin");
    const second = await createStaff(h, "admin");
    // Another admin may go now, and then the first is the last again.
    const { version } = await openCustomerQuietly(h, second.id);
    const deleted = await consoleCall(h, admin, "POST", `/customers/${second.id}/delete`, {
      body: { reason: "verlässt uns", expected_version: version, confirm: second.email },
    });
    expect(deleted.status).toBe(200);
    const again = await consoleCall(h, admin, "PUT", `/staff/${admin.id}`, {
      body: { role: null, reason: "tritt zurück" },
    });
    expect(again.json.error.id).toBe("console_last_admin");
    expect((await consoleCall(h, admin, "GET", "/me")).json.role).toBe("admin");
  });
});
