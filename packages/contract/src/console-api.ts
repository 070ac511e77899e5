import type { AccountExport } from "./account-export.ts";
import type { ActivityEventType } from "./security-events.ts";

// The customer-service console's API: what the console's server (apps/console) asks of the
// identity service, on the identity service's admin port under `/admin/console/`.
//
// Who may call it: only the console's server, with the console token (`Authorization: Bearer
// <console.token>`), a credential of its own that opens nothing else on the admin port; the
// admin token does not open these routes either. The browser never sees the token.
//
// Who acts: every request names the signed-in staff member in `X-Moos-Staff-Id` (their identity
// id; the console learned it from the ID token of its OpenID Connect sign-in), their address in
// `X-Moos-Staff-Ip` and when they last signed in in `X-Moos-Staff-Auth-Time` (the ID token's
// `auth_time`, seconds since 1970); `X-Request-Id` carries the console's request id. The identity service
// looks the staff member's role up itself, refuses what the role may not do (403
// `console_forbidden`, nothing changed), and records every action, opening a customer included,
// in the append-only audit log in the same transaction as the action.
//
// Errors are Kratos's error envelope (`{"error": {id, code, status, reason, message}}`) with the
// console error ids below; `reason` is English for logs, the console shows its own translated
// text for the id.

/** The request headers of the console API (`consoleHeaders.staffId` etc.), lower-case as Node reads them. */
export const consoleHeaders = {
  /** The signed-in staff member's identity id (a UUID). Required. */
  staffId: "x-moos-staff-id",
  /** The staff member's IP address as the console's server saw it. Optional; stored in the audit. */
  staffIp: "x-moos-staff-ip",
  /**
   * When the staff member last signed in: the ID token's `auth_time`, whole seconds since 1970.
   * Required for `consoleReauthActions`; without it, or when older than
   * `consoleReauthMaxAgeSeconds`, those answer 403 `console_reauth_required`.
   */
  staffAuthTime: "x-moos-staff-auth-time",
  /** The console's request id (letters, digits and `._:-`, at most 128); stored in the audit. */
  requestId: "x-request-id",
} as const;

/**
 * How recent a sign-in `consoleReauthActions` need: 5 minutes. The console asks its OpenID
 * provider for a new sign-in with `max_age` below this before offering those actions.
 */
export const consoleReauthMaxAgeSeconds = 300;

/** Staff roles, least to most. Each includes what the ones before it may do. */
export const staffRoles = ["viewer", "support", "admin"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** What a staff member can ask for; the table of who may is `consoleActionRoles`. */
export type ConsoleAction =
  | "customer.search"
  | "customer.open"
  | "sessions.revoke"
  | "account.lock"
  | "account.unlock"
  | "email.resend"
  | "name.correct"
  | "data.export"
  | "account.delete"
  | "second_factors.reset"
  | "staff.list"
  | "staff.role_change"
  | "audit.read";

/** The least role that may take each action. */
export const consoleActionRoles = {
  "customer.search": "viewer",
  "customer.open": "viewer",
  "audit.read": "viewer",
  "sessions.revoke": "support",
  "account.lock": "support",
  "account.unlock": "support",
  "email.resend": "support",
  "name.correct": "support",
  "data.export": "admin",
  "account.delete": "admin",
  "second_factors.reset": "admin",
  "staff.list": "admin",
  "staff.role_change": "admin",
} as const satisfies Record<ConsoleAction, StaffRole>;

/** Actions that ask the staff member to have signed in again within the last few minutes. */
export const consoleReauthActions = [
  "data.export",
  "account.delete",
  "staff.role_change",
] as const satisfies readonly ConsoleAction[];

/** Whether `role` may take `action` (the role table alone; the target's role is checked too). */
export function roleMay(role: StaffRole, action: ConsoleAction): boolean {
  return staffRoles.indexOf(role) >= staffRoles.indexOf(consoleActionRoles[action]);
}

/** Error ids of the console API, with the HTTP status each is sent with. */
export const consoleErrorIds = {
  /**
   * No or a wrong console token, or no staff member in `X-Moos-Staff-Id`: missing, not a UUID,
   * no such identity, no role, or an account that is inactive or locked.
   */
  console_unauthorized: 401,
  /**
   * The staff member's role may not take the action, the account acted on has a higher role,
   * or it is the staff member's own account (their own changes go through the account app).
   */
  console_forbidden: 403,
  /** The action needs a recent sign-in (`consoleReauthActions`). */
  console_reauth_required: 403,
  console_customer_not_found: 404,
  /** The search text is too short or not a search the console offers. */
  console_search_invalid: 400,
  /** A body field is missing or malformed; `details.field` names it. */
  console_bad_request: 400,
  /** A change needs a reason (`reason`, 3 to 500 characters). */
  console_reason_required: 400,
  /** The account changed since the page was loaded (`expected_version` differs): nothing done. */
  console_conflict: 409,
  /** Locking a locked account, unlocking an unlocked one, resending when nothing is pending. */
  console_nothing_to_do: 409,
  /** The last admin cannot lose the role. */
  console_last_admin: 409,
} as const;
export type ConsoleErrorId = keyof typeof consoleErrorIds;

/** `GET /admin/console/me`: the signed-in staff member, or 401 `console_unauthorized`. */
export interface StaffMember {
  id: string;
  email: string;
  name: { first: string; last: string };
  role: StaffRole;
}

/**
 * `GET /admin/console/customers?q=`: an exact email address, a customer id (uuid), or the start
 * of a name (at least 2 characters; "Erika", "Must", "Erika Mu"). At most `limit` (20, max 50)
 * results; masked until one is opened. Audited as `customer.search` with the query's kind, not
 * its text.
 */
export interface CustomerSearchResult {
  id: string;
  /** `e***@example.org`: the first character of the local part, the whole domain. */
  email_masked: string;
  /** `Erika M.`: the first name and the last name's initial. */
  name_masked: string;
  state: "active" | "inactive";
  locked: boolean;
  created_at: string;
}
export interface CustomerSearchAnswer {
  query_kind: "email" | "id" | "name";
  results: CustomerSearchResult[];
}

export interface ConsoleSession {
  id: string;
  /** "Chrome on Windows", from the user agent. */
  device: string;
  ip_address: string | null;
  authenticated_at: string;
  last_active_at: string;
  expires_at: string;
  aal: "aal1" | "aal2";
}

export interface ConsoleEmail {
  id: string;
  /** The address it went to (one of the customer's addresses; the last 50 emails are listed). */
  to: string;
  template_type: string;
  status: "queued" | "sent" | "processing" | "abandoned";
  send_count: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface ConsoleActivityEntry {
  /**
   * A security event (`support_*` for what the customer service did), or `login_failed`: a
   * day's count of failed sign-ins with the identifier.
   */
  type: ActivityEventType;
  occurred_at: string;
  /** "Firefox on Windows", from the user agent, when it names one. */
  device?: string;
  /** Empty for what the customer service did (the staff member's address is in the audit). */
  ip_address: string;
  count?: number;
  /** What the event names: the method, the key's or passkey's name, the provider, addresses. */
  details: Record<string, unknown>;
  /** Whether the customer was sent a security notice about it. */
  notice_sent: boolean;
}

export interface ConsoleAuditEntry {
  id: string;
  occurred_at: string;
  /** Null for the command line (`npm run console -- add-admin`), which has no staff member. */
  staff_id: string | null;
  /** The staff member's email address when they acted (kept if it changes or they leave). */
  staff_email: string | null;
  staff_role: StaffRole | null;
  action: ConsoleAction;
  /** The customer (or staff member) acted on; null for a search. */
  target_id: string | null;
  reason: string | null;
  ip_address: string | null;
  request_id: string | null;
  /** What the action changed or found, never a secret: `{"sessions": 3}`, `{"until": "..."}`. */
  details: Record<string, unknown>;
}

/**
 * `GET /admin/console/customers/{id}`: the customer page, audited as `customer.open`. Unknown
 * id: 404 `console_customer_not_found`. Never a password hash, code, token, recovery link,
 * TOTP secret or backup code.
 */
export interface ConsoleCustomer {
  id: string;
  /** Changes with every change to the account; actions send it back as `expected_version`. */
  version: string;
  state: "active" | "inactive";
  created_at: string;
  updated_at: string;
  locale: string | null;
  traits: { email: string; name: { first: string; last: string } };
  verifiable_addresses: { value: string; verified: boolean; verified_at: string | null }[];
  /**
   * `metadata_admin.newsletter` (docs/newsletter-deletion-migration.md): the status and its
   * history, whose `requested` and `confirmed` entries are the double opt-in proof (when, in
   * which language, which version of the text); `pending` while a confirmation email waits.
   */
  newsletter: {
    status: "pending" | "subscribed" | "declined" | "withdrawn" | null;
    pending: { requested_at: string; expires_at: string } | null;
    history: {
      event: "requested" | "confirmed" | "declined" | "withdrawn";
      at: string;
      locale?: string;
      text_version?: string;
    }[];
  };
  sign_in_methods: {
    password: boolean;
    passkeys: { name: string; added_at: string | null }[];
    totp: boolean;
    backup_codes_left: number | null;
    security_keys: number;
    social: { provider: string }[];
    code: boolean;
  };
  sessions: ConsoleSession[];
  /** The last 90 days. */
  activity: ConsoleActivityEntry[];
  emails: ConsoleEmail[];
  /** A lock whose `until` has passed is over: `locked` false, the rest null. */
  lock: { locked: boolean; until: string | null; reason: string | null; since: string | null };
  /** The customer's own staff role, when the customer is also staff. */
  staff_role: StaffRole | null;
  /** Audit entries about this customer, newest first (the first page). */
  audit: ConsoleAuditEntry[];
}

/** Every change carries a reason and the version the staff member saw. */
export interface ConsoleChange {
  reason: string;
  expected_version: string;
}

/** `POST /admin/console/customers/{id}/sessions/revoke`: one (`session_id`) or all sessions. */
export interface RevokeSessionsBody extends ConsoleChange {
  session_id?: string;
}
/** `POST /admin/console/customers/{id}/lock`: until unlocked (`until` null) or until a date. */
export interface LockBody extends ConsoleChange {
  until: string | null;
}
/** `POST /admin/console/customers/{id}/unlock`. */
export type UnlockBody = ConsoleChange;
/**
 * `POST /admin/console/customers/{id}/resend`: the latest verification or recovery email
 * again, with a fresh code or link that goes to the customer only.
 */
export interface ResendBody extends ConsoleChange {
  kind: "verification" | "recovery";
}
/** `POST /admin/console/customers/{id}/name`. */
export interface CorrectNameBody extends ConsoleChange {
  first: string;
  last: string;
}
/**
 * `POST /admin/console/customers/{id}/export`: answers `ConsoleExportAnswer`, whose `export` is
 * the file the customer downloads themselves in the web app (`AccountExport`). Changes nothing,
 * but asks for a reason like a change; `expected_version` is checked all the same.
 */
export type ExportBody = ConsoleChange;
/** `POST /admin/console/customers/{id}/delete`: `confirm` must equal the customer's email. */
export interface DeleteBody extends ConsoleChange {
  confirm: string;
}
/** `POST /admin/console/customers/{id}/second-factors/reset`: TOTP, backup codes, keys. */
export type ResetSecondFactorsBody = ConsoleChange;

/** What an action did; the page reloads the customer afterwards. */
export interface ConsoleActionAnswer {
  action: ConsoleAction;
  audit_id: string;
  details: Record<string, unknown>;
}

/** The answer of `POST .../export`. */
export interface ConsoleExportAnswer extends ConsoleActionAnswer {
  action: "data.export";
  export: AccountExport;
}

/** `GET /admin/console/staff` (admin): every staff member, audited as `staff.list`. */
export interface ConsoleStaffAnswer {
  staff: StaffListEntry[];
}
export interface StaffListEntry extends StaffMember {
  granted_at: string;
  /** Their 5 newest audit entries. */
  last_actions: ConsoleAuditEntry[];
}
/**
 * `PUT /admin/console/staff/{identityId}` (admin): a role, or null to remove it. Answers
 * `ConsoleActionAnswer` with `details: {from, to}`. Unknown identity: 404
 * `console_customer_not_found`; the role it has already: 409 `console_nothing_to_do`.
 * The shop's systems send the same body to `PUT /admin/staff/{identityId}` with the admin token
 * (no staff member, no recent sign-in; audited with `details.via: "admin_api"`).
 */
export interface StaffRoleBody {
  role: StaffRole | null;
  reason: string;
}

/**
 * `GET /admin/console/audit?customer_id=&staff_id=&page_token=` (every role; audited as
 * `audit.read`), and for the shop's systems `GET /admin/audit` with the admin token (not
 * audited: no staff member asks): newest first, 50 a page. A malformed filter or page token:
 * 400 `console_bad_request` (`/admin/audit`: Kratos's plain 400).
 */
export interface ConsoleAuditPage {
  entries: ConsoleAuditEntry[];
  next_page_token: string | null;
}
