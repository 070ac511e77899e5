import type { ConsoleAction, ConsoleAuditEntry } from "@moos/contract";
import type { Persistence } from "../persistence/persistence.ts";
import { uuidPattern } from "../session/handlers.ts";
import type { StaffActor } from "./actor.ts";
import type { AuditCursor, AuditRecord } from "./records.ts";

// The audit log (docs/console.md#audit): one entry per staff action, written in the action's own
// transaction, so an action and its entry exist together or not at all. The table refuses every
// change to what it holds (migration 0006).

export const auditPageSize = 50;

export interface AuditInput {
  action: ConsoleAction;
  targetId: string | null;
  reason?: string | null;
  details: Record<string, unknown>;
}

/** Appends the entry for what `actor` just did, in `tx`; returns its id. */
export async function recordAudit(
  tx: Persistence,
  actor: StaffActor,
  input: AuditInput,
  now: Date,
): Promise<string> {
  const record: AuditRecord = {
    id: crypto.randomUUID(),
    occurred_at: now,
    staff_id: actor.identity.id,
    staff_email: actor.email,
    staff_role: actor.role,
    action: input.action,
    target_id: input.targetId,
    reason: input.reason ?? null,
    ip_address: actor.ip,
    request_id: actor.requestId,
    details: input.details,
  };
  await tx.console.appendAudit(record);
  return record.id;
}

export function toAuditEntry(record: AuditRecord): ConsoleAuditEntry {
  return {
    id: record.id,
    occurred_at: record.occurred_at.toISOString(),
    staff_id: record.staff_id,
    staff_email: record.staff_email,
    staff_role: record.staff_role,
    action: record.action,
    target_id: record.target_id,
    reason: record.reason,
    ip_address: record.ip_address,
    request_id: record.request_id,
    details: record.details,
  };
}

/** A page's token: where the next page starts, `<ISO time>_<id>` in base64url. */
export function pageToken(record: AuditRecord): string {
  return Buffer.from(`${record.occurred_at.toISOString()}_${record.id}`).toString("base64url");
}

/** The cursor of a token; undefined for anything that is not one of ours. */
export function parsePageToken(token: string): AuditCursor | undefined {
  const [at, id, ...rest] = Buffer.from(token, "base64url").toString("utf8").split("_");
  if (rest.length > 0 || !at || !id || !uuidPattern.test(id)) return undefined;
  const occurredAt = new Date(at);
  if (Number.isNaN(occurredAt.getTime()) || occurredAt.toISOString() !== at) return undefined;
  return { occurred_at: occurredAt, id };
}
