// The records of the customer-service console (docs/console.md): staff roles, account locks and
// the audit log. Plain data: the persistence port stores them, console/ decides what they mean.
// This file imports only the shared contract, so both sides may use it.

import type { ConsoleAction, StaffRole } from "@moos/contract";

export interface StaffRoleRecord {
  identity_id: string;
  role: StaffRole;
  granted_at: Date;
  /** Null when the command line granted it. */
  granted_by: string | null;
}

/** A lock on an account: nobody signs in to it until it is lifted or `until` has passed. */
export interface AccountLock {
  identity_id: string;
  locked_at: Date;
  /** Null: until unlocked. */
  until: Date | null;
  reason: string;
  locked_by: string | null;
}

/** One staff action, as the append-only audit log keeps it. */
export interface AuditRecord {
  id: string;
  occurred_at: Date;
  /** Null for the command line (`console add-admin`). */
  staff_id: string | null;
  staff_email: string | null;
  staff_role: StaffRole | null;
  action: ConsoleAction;
  /** The account acted on; null for a search or an unfiltered read. */
  target_id: string | null;
  reason: string | null;
  ip_address: string | null;
  request_id: string | null;
  /** What was done or found; ids and counts, never a secret or a customer's name or address. */
  details: Record<string, unknown>;
}

/** Where a page of the audit log starts: after this entry (newest first). */
export interface AuditCursor {
  occurred_at: Date;
  id: string;
}

/** A search hit: what the result list needs, before masking. */
export interface CustomerSummary {
  id: string;
  email: string;
  first: string;
  last: string;
  state: "active" | "inactive";
  created_at: Date;
  locked: boolean;
}

/** One email of the outbox, without its text (which may hold a code or a link). */
export interface SentEmail {
  id: string;
  to: string;
  template_type: string;
  status: "queued" | "processing" | "sent" | "abandoned";
  send_count: number;
  last_error: string | null;
  created_at: Date;
  /** When it was sent (status `sent`), else null. */
  sent_at: Date | null;
}

/** The newest code or link an account was sent for recovery or verification, and its flow. */
export interface LatestCode {
  flow_id: string;
  kind: string;
  address: string;
  created_at: Date;
}
