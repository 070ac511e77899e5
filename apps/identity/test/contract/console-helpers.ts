import {
  type ConsoleAuditEntry,
  type ConsoleCustomer,
  consoleHeaders,
  type StaffRole,
} from "@moos/contract";
import { accountVersion } from "../../src/console/version.ts";
import type { Harness } from "../support/harness.ts";
import { body, type Json, password, traitsOf, uniqueEmail } from "./account-helpers.ts";

// Helpers of the console contract tests (docs/console.md): the console's server as a client of
// the console API (its token, the staff member's headers), staff made by the test, customers
// made through the admin API, and the audit log read back with the admin token.

export const consoleToken = "test-console-token-0123456789abcdef";

/** Harness overrides that turn the console API on (a fresh object: configs get frozen). */
export function withConsole(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { console: { enabled: true, token: consoleToken }, ...extra };
}

export interface Staff {
  id: string;
  email: string;
  role: StaffRole;
}

/** A customer made through the admin API with a password and a verified address. */
export async function createCustomer(
  h: Harness,
  options: {
    prefix?: string;
    first?: string;
    last?: string;
    email?: string;
    /** false: no password (saves an argon2id hash where no sign-in follows). */
    password?: boolean;
  } = {},
): Promise<{ id: string; email: string }> {
  const email = options.email ?? uniqueEmail(options.prefix ?? "customer");
  const { json } = await body(
    h.identityApi().createIdentityRaw({
      createIdentityBody: {
        schema_id: "default",
        traits: traitsOf(email, options.first ?? "Erika", options.last ?? "Mustermann"),
        ...(options.password === false
          ? {}
          : { credentials: { password: { config: { password } } } }),
        verifiable_addresses: [{ value: email, verified: true, via: "email", status: "completed" }],
        recovery_addresses: [{ value: email, via: "email" }],
      },
    }),
    "identity",
  );
  return { id: String(json.id), email };
}

/** A staff member: an account with a role, granted directly in the database by the test. */
export async function createStaff(h: Harness, role: StaffRole): Promise<Staff> {
  const account = await createCustomer(h, { prefix: `staff-${role}`, first: "Sam", last: "Staff" });
  await h.app.deps.persistence.console.putStaffRole({
    identity_id: account.id,
    role,
    granted_at: new Date(),
    granted_by: null,
  });
  return { ...account, role };
}

export interface ConsoleCall {
  status: number;
  json: Json;
}

/** One request of the console's server on behalf of `staff`, signed in just now by default. */
export async function consoleCall(
  h: Harness,
  staff: Pick<Staff, "id"> | undefined,
  method: string,
  path: string,
  options: { body?: unknown; authTime?: number | null; token?: string; ip?: string } = {},
): Promise<ConsoleCall> {
  const authTime =
    options.authTime === undefined ? Math.floor(Date.now() / 1000) : options.authTime;
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token ?? consoleToken}`,
    accept: "application/json",
    [consoleHeaders.requestId]: `console-${crypto.randomUUID()}`,
    [consoleHeaders.staffIp]: options.ip ?? "198.51.100.7",
    ...(staff ? { [consoleHeaders.staffId]: staff.id } : {}),
    ...(authTime !== null ? { [consoleHeaders.staffAuthTime]: String(authTime) } : {}),
    ...(options.body !== undefined ? { "content-type": "application/json" } : {}),
  };
  const response = await fetch(`${h.adminUrl}/admin/console${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Json) : {} };
}

/** The customer page as `staff` sees it (this opening is audited too). */
export async function openCustomer(h: Harness, staff: Staff, id: string): Promise<ConsoleCustomer> {
  const { status, json } = await consoleCall(h, staff, "GET", `/customers/${id}`);
  if (status !== 200) throw new Error(`opening ${id} answered ${status}: ${JSON.stringify(json)}`);
  return json as ConsoleCustomer;
}

/** A change on the customer, with a reason and the version the page showed. */
export async function change(
  h: Harness,
  staff: Staff,
  id: string,
  action: string,
  fields: Record<string, unknown> = {},
  options: { authTime?: number | null } = {},
): Promise<ConsoleCall> {
  const { version } = await openCustomerQuietly(h, id);
  return consoleCall(h, staff, "POST", `/customers/${id}/${action}`, {
    body: { reason: "Kundin hat angerufen", expected_version: version, ...fields },
    ...options,
  });
}

/**
 * The account's version without an audit entry of the test's own (an admin's page view would
 * add one): computed as the service does, from the account itself.
 */
export async function openCustomerQuietly(h: Harness, id: string): Promise<{ version: string }> {
  const identity = await h.app.deps.persistence.identities.getIdentity(id);
  if (!identity) throw new Error(`no identity ${id}`);
  const lock = await h.app.deps.persistence.locks.activeLock(id, new Date());
  return { version: accountVersion(identity, lock) };
}

/** The audit log about one account (or everything), newest first, read with the admin token. */
export async function auditOf(
  h: Harness,
  filter: { customerId?: string; staffId?: string } = {},
): Promise<ConsoleAuditEntry[]> {
  const url = new URL(`${h.adminUrl}/admin/audit`);
  if (filter.customerId) url.searchParams.set("customer_id", filter.customerId);
  if (filter.staffId) url.searchParams.set("staff_id", filter.staffId);
  const response = await fetch(url, { headers: { authorization: `Bearer ${h.adminToken}` } });
  if (response.status !== 200) throw new Error(`GET /admin/audit answered ${response.status}`);
  return ((await response.json()) as { entries: ConsoleAuditEntry[] }).entries;
}

/** The account's activity as the customer sees it (the admin API's view of the same list). */
export async function activityOf(h: Harness, id: string): Promise<Json[]> {
  const response = await fetch(`${h.adminUrl}/admin/identities/${id}/security-events`, {
    headers: { authorization: `Bearer ${h.adminToken}` },
  });
  return (await response.json()) as Json[];
}
