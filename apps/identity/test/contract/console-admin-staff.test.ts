import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import {
  auditOf,
  consoleCall,
  consoleToken,
  createCustomer,
  createStaff,
  withConsole,
} from "./console-helpers.ts";

// docs/console.md#provisioning-staff: the shop's systems grant and take console roles with the
// admin token (`PUT /admin/staff/{identityId}`), audited without a staff member; the console
// token does not open it, and the rules that need no staff member hold.

let h: Harness;
beforeAll(async () => {
  h = await startHarness(withConsole());
});
afterAll(async () => h?.close());

async function putRole(
  id: string,
  body: unknown,
  token = h.adminToken,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${h.adminUrl}/admin/staff/${id}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("PUT /admin/staff/{identityId}", () => {
  it("grants a role, which the console then knows, audited without a staff member", async () => {
    const person = await createCustomer(h, { prefix: "provisioned" });
    const granted = await putRole(person.id, { role: "support", reason: "Neu im Team" });
    expect(granted.status).toBe(200);
    expect(granted.json).toMatchObject({
      action: "staff.role_change",
      details: { from: null, to: "support", via: "admin_api" },
    });
    const me = await consoleCall(h, person, "GET", "/me");
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: person.id, role: "support" });
    const [entry] = await auditOf(h, { customerId: person.id });
    expect(entry).toMatchObject({
      id: granted.json.audit_id,
      staff_id: null,
      staff_role: null,
      action: "staff.role_change",
      reason: "Neu im Team",
      details: { from: null, to: "support", via: "admin_api" },
    });
  });

  it("takes a role (null), and the last admin keeps theirs", async () => {
    const person = await createCustomer(h, { prefix: "leaving" });
    await putRole(person.id, { role: "viewer", reason: "Aushilfe" });
    expect((await putRole(person.id, { role: null, reason: "Ende der Aushilfe" })).status).toBe(
      200,
    );
    expect((await consoleCall(h, person, "GET", "/me")).status).toBe(401);

    const admin = await createStaff(h, "admin");
    const refused = await putRole(admin.id, { role: null, reason: "Versehen" });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { id: "console_last_admin" } });
  });

  it("refuses the console token, a role it has, a missing reason and an unknown identity", async () => {
    const person = await createCustomer(h, { prefix: "refused" });
    expect(
      (await putRole(person.id, { role: "viewer", reason: "Test" }, consoleToken)).status,
    ).toBe(401);
    await putRole(person.id, { role: "viewer", reason: "Test" });
    const same = await putRole(person.id, { role: "viewer", reason: "Noch einmal" });
    expect(same.json).toMatchObject({ error: { id: "console_nothing_to_do" } });
    const noReason = await putRole(person.id, { role: "admin", reason: "" });
    expect(noReason.json).toMatchObject({ error: { id: "console_reason_required" } });
    const wrongRole = await putRole(person.id, { role: "owner", reason: "Test" });
    expect(wrongRole.json).toMatchObject({
      error: { id: "console_bad_request", details: { field: "role" } },
    });
    const unknown = await putRole(crypto.randomUUID(), { role: "viewer", reason: "Test" });
    expect(unknown.status).toBe(404);
    expect((await consoleCall(h, person, "GET", "/me")).json).toMatchObject({ role: "viewer" });
  });
});
