// The records account safety keeps (docs/account-safety.md). Plain data: the persistence port stores them,
// security/ decides what they mean. This file imports only the shared contract, so both sides may
// use it.

import type { SecurityEventType } from "@moos/contract";

export type { SecurityEventType };

export interface SecurityEvent {
  id: string;
  identity_id: string;
  type: SecurityEventType;
  occurred_at: Date;
  ip_address: string;
  user_agent: string;
  /** The trusted device the event came from, when it came from a browser we know. */
  device_id: string | null;
  /** What else the notice names: the provider, the method, the addresses. */
  details: Record<string, unknown>;
}

/** Failed sign-ins with one identifier on one day (in the notices' time zone). */
export interface FailedSignInDay {
  identifier_hash: string;
  /** YYYY-MM-DD */
  day: string;
  count: number;
  last_at: Date;
  ip_address: string;
  user_agent: string;
}

/** A browser (or app) an account has signed in from: only a hash of its cookie is kept. */
export interface TrustedDevice {
  id: string;
  identity_id: string;
  device_hash: string;
  ip_address: string;
  user_agent: string;
  created_at: Date;
  last_seen_at: Date;
}

export type SecurityLinkKind = "not_me" | "undo_email_change";

/** A link from a notice: single use, expiring; only the HMAC of its token is kept. */
export interface SecurityLink {
  id: string;
  token_hash: string;
  kind: SecurityLinkKind;
  identity_id: string;
  /** The event the notice told about. */
  event_id: string | null;
  /** The device to forget ("This wasn't me" on a new sign-in). */
  device_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export type EmailChangeStatus = "pending" | "completed" | "cancelled" | "undone";

/** A change of the login address: pending until the code sent to the new address comes back. */
export interface EmailChange {
  id: string;
  identity_id: string;
  old_address: string;
  new_address: string;
  /** HMAC of the current code; a resend replaces it. */
  code_hash: string;
  code_expires_at: Date;
  /** Wrong codes entered for this change. */
  tries: number;
  status: EmailChangeStatus;
  /** The device that asked for the change (an undo forgets it). */
  device_id: string | null;
  /** A pending change is dropped after this. */
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** What a password sign-in needs to know about an identifier, found in one statement. */
export interface PasswordCredentialLookup {
  identity_id: string;
  hashed_password: string | undefined;
  use_password_migration_hook: boolean;
}
