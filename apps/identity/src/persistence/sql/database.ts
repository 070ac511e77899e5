import type { ColumnType, Generated, JSONColumnType } from "kysely";
import type { OutboxMessageType, OutboxStatus } from "../outbox.ts";

// Row types of every table. Kratos's wire objects are assembled from these by the persisters.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T extends object | null> = JSONColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

export interface IdentitiesTable {
  id: string;
  schema_id: string;
  state: "active" | "inactive";
  state_changed_at: Timestamp | null;
  traits: Json<Record<string, unknown>>;
  metadata_public: NullableJson<Record<string, unknown>>;
  metadata_admin: NullableJson<Record<string, unknown>>;
  external_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CredentialsTable {
  id: string;
  identity_id: string;
  type: string;
  config: Json<Record<string, unknown>>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CredentialIdentifiersTable {
  id: string;
  credential_id: string;
  identity_id: string;
  type: string;
  identifier: string;
}

export interface VerifiableAddressesTable {
  id: string;
  identity_id: string;
  via: "email";
  value: string;
  verified: boolean;
  status: "pending" | "sent" | "completed";
  verified_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RecoveryAddressesTable {
  id: string;
  identity_id: string;
  via: "email";
  value: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  logout_token_hash: string;
  identity_id: string;
  active: boolean;
  aal: string;
  authentication_methods: Json<unknown[]>;
  devices: Json<unknown[]>;
  authenticated_at: Timestamp;
  issued_at: Timestamp;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FlowsTable {
  id: string;
  kind: string;
  type: "browser" | "api";
  state: string;
  csrf_token: string;
  identity_id: string | null;
  session_id: string | null;
  payload: Json<Record<string, unknown>>;
  internal: Json<Record<string, unknown>>;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CodesTable {
  id: string;
  flow_id: string;
  kind: string;
  code_hash: string;
  address: string;
  identity_id: string | null;
  used_at: Timestamp | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

/** The outbox (persistence/outbox.ts): emails, the shop's webhook deliveries and jobs. */
export interface CourierMessagesTable {
  id: string;
  type: OutboxMessageType;
  status: OutboxStatus;
  recipient: string;
  subject: string;
  body: string;
  html_body: string;
  template_type: string;
  send_count: number;
  last_error: string | null;
  lease_until: Timestamp | null;
  next_attempt_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ErrorsTable {
  id: string;
  error: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: Timestamp;
}

export interface ContinuityTable {
  id: string;
  kind: string;
  payload: Json<Record<string, unknown>>;
  expires_at: Timestamp;
  created_at: Generated<Timestamp>;
}

// Account safety (docs/account-safety.md, migration 0003).

export interface SecurityEventsTable {
  id: string;
  identity_id: string;
  type: string;
  occurred_at: Timestamp;
  ip_address: string;
  user_agent: string;
  device_id: string | null;
  details: Json<Record<string, unknown>>;
}

/** Failed sign-ins per identifier (its HMAC, whether or not an account has it) and day. */
export interface LoginFailuresDailyTable {
  identifier_hash: string;
  day: string;
  count: number;
  last_at: Timestamp;
  ip_address: string;
  user_agent: string;
}

export interface TrustedDevicesTable {
  id: string;
  identity_id: string;
  device_hash: string;
  ip_address: string;
  user_agent: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface SecurityLinksTable {
  id: string;
  token_hash: string;
  kind: string;
  identity_id: string;
  event_id: string | null;
  device_id: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface EmailChangesTable {
  id: string;
  identity_id: string;
  old_address: string;
  new_address: string;
  code_hash: string;
  code_expires_at: Timestamp;
  tries: number;
  status: string;
  device_id: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface WelcomeGiftsTable {
  mailbox_hash: string;
  identity_id: string;
  granted_at: Timestamp;
}

export interface SessionActivityTable {
  session_id: string;
  last_active_at: Timestamp;
}

// The customer-service console (docs/console.md, migrations 0006 and 0007).

export interface StaffRolesTable {
  identity_id: string;
  role: "viewer" | "support" | "admin";
  granted_at: Timestamp;
  granted_by: string | null;
}

export interface AccountLocksTable {
  identity_id: string;
  locked_at: Timestamp;
  until: Timestamp | null;
  reason: string;
  locked_by: string | null;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE (migration 0006). */
export interface ConsoleAuditTable {
  id: string;
  occurred_at: Timestamp;
  staff_id: string | null;
  staff_email: string | null;
  staff_role: "viewer" | "support" | "admin" | null;
  action: string;
  target_id: string | null;
  reason: string | null;
  ip_address: string | null;
  request_id: string | null;
  details: Json<Record<string, unknown>>;
}

export interface Database {
  identities: IdentitiesTable;
  identity_credentials: CredentialsTable;
  identity_credential_identifiers: CredentialIdentifiersTable;
  identity_verifiable_addresses: VerifiableAddressesTable;
  identity_recovery_addresses: RecoveryAddressesTable;
  sessions: SessionsTable;
  selfservice_flows: FlowsTable;
  selfservice_codes: CodesTable;
  courier_messages: CourierMessagesTable;
  selfservice_errors: ErrorsTable;
  rate_limits: RateLimitsTable;
  token_exchanges: ContinuityTable;
  security_events: SecurityEventsTable;
  login_failures_daily: LoginFailuresDailyTable;
  trusted_devices: TrustedDevicesTable;
  security_links: SecurityLinksTable;
  email_changes: EmailChangesTable;
  session_activity: SessionActivityTable;
  staff_roles: StaffRolesTable;
  account_locks: AccountLocksTable;
  console_audit: ConsoleAuditTable;
  welcome_gifts: WelcomeGiftsTable;
}
