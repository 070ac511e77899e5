// The console's client of the identity service's console API (packages/contract's
// console-api.ts), server-side only: the console token goes in the Authorization header of
// these requests and nowhere else (never to a browser, never into a log line). Every request
// names the staff member, their address, their sign-in time and the request id, which the
// identity service stores with the audit entry.

import {
  type ConsoleActionAnswer,
  type ConsoleAuditPage,
  type ConsoleCustomer,
  type ConsoleErrorId,
  type ConsoleExportAnswer,
  type CustomerSearchAnswer,
  consoleErrorIds,
  consoleHeaders,
  type StaffListEntry,
  type StaffMember,
  type StaffRoleBody,
} from "@moos/contract";
import { config } from "./config";

/** Who asks: the signed-in staff member as the console's server knows them. */
export interface Actor {
  readonly staffId: string;
  readonly ip: string | undefined;
  /** `auth_time` of their sign-in, seconds. */
  readonly authTime: number;
  readonly requestId: string;
}

/** An answer of the console API with one of its error ids (a refusal, not a failure). */
export class ConsoleApiError extends Error {
  override readonly name = "ConsoleApiError";
  readonly id: ConsoleErrorId;
  readonly status: number;
  /** The body field a `console_bad_request` names (`details.field`). */
  readonly field: string | undefined;

  constructor(id: ConsoleErrorId, status: number, field: string | undefined) {
    super(`console API: ${id} (${status})`);
    this.id = id;
    this.status = status;
    this.field = field;
  }
}

/** Changes of a customer's account, by their path below /customers/{id}/. */
export const changePaths = {
  "sessions.revoke": "sessions/revoke",
  "account.lock": "lock",
  "account.unlock": "unlock",
  "email.resend": "resend",
  "name.correct": "name",
  "account.delete": "delete",
  "second_factors.reset": "second-factors/reset",
} as const;
export type ChangeAction = keyof typeof changePaths;

const TIMEOUT_MS = 15_000;

function isConsoleErrorId(value: unknown): value is ConsoleErrorId {
  return typeof value === "string" && Object.hasOwn(consoleErrorIds, value);
}

async function call<T>(actor: Actor, method: string, path: string, body?: unknown): Promise<T> {
  const { identityAdminUrl, consoleToken } = config();
  const headers: Record<string, string> = {
    authorization: `Bearer ${consoleToken}`,
    accept: "application/json",
    [consoleHeaders.staffId]: actor.staffId,
    [consoleHeaders.staffAuthTime]: String(actor.authTime),
    [consoleHeaders.requestId]: actor.requestId,
    ...(actor.ip ? { [consoleHeaders.staffIp]: actor.ip } : {}),
    ...(body !== undefined ? { "content-type": "application/json" } : {}),
  };
  const response = await fetch(`${identityAdminUrl}/admin/console${path}`, {
    method,
    headers,
    cache: "no-store",
    signal: AbortSignal.timeout(TIMEOUT_MS),
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (response.ok) return json as T;
  const error = (json as { error?: { id?: unknown; details?: { field?: unknown } } } | undefined)
    ?.error;
  const field = error?.details?.field;
  if (isConsoleErrorId(error?.id)) {
    throw new ConsoleApiError(
      error.id,
      response.status,
      typeof field === "string" ? field : undefined,
    );
  }
  // Not a refusal of the console API (the service failing, a proxy's page): a failure.
  throw new Error(`console API answered ${response.status} to ${method} ${path.split("?")[0]}`);
}

export const consoleApi = {
  me: (actor: Actor): Promise<StaffMember> => call(actor, "GET", "/me"),
  search: (actor: Actor, query: string): Promise<CustomerSearchAnswer> =>
    call(actor, "GET", `/customers?${new URLSearchParams({ q: query })}`),
  customer: (actor: Actor, id: string): Promise<ConsoleCustomer> =>
    call(actor, "GET", `/customers/${encodeURIComponent(id)}`),
  change: (
    actor: Actor,
    id: string,
    action: ChangeAction,
    body: Record<string, unknown>,
  ): Promise<ConsoleActionAnswer> =>
    call(actor, "POST", `/customers/${encodeURIComponent(id)}/${changePaths[action]}`, body),
  exportData: (
    actor: Actor,
    id: string,
    body: { reason: string; expected_version: string },
  ): Promise<ConsoleExportAnswer> =>
    call(actor, "POST", `/customers/${encodeURIComponent(id)}/export`, body),
  staff: async (actor: Actor): Promise<StaffListEntry[]> =>
    (await call<{ staff: StaffListEntry[] }>(actor, "GET", "/staff")).staff,
  setRole: (actor: Actor, identityId: string, body: StaffRoleBody): Promise<ConsoleActionAnswer> =>
    call(actor, "PUT", `/staff/${encodeURIComponent(identityId)}`, body),
  audit: (
    actor: Actor,
    filter: { customerId?: string; staffId?: string; pageToken?: string },
  ): Promise<ConsoleAuditPage> => {
    const query = new URLSearchParams();
    if (filter.customerId) query.set("customer_id", filter.customerId);
    if (filter.staffId) query.set("staff_id", filter.staffId);
    if (filter.pageToken) query.set("page_token", filter.pageToken);
    return call(actor, "GET", `/audit?${query}`);
  },
};
