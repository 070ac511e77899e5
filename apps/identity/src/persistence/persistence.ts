import type {
  AccountLock,
  AuditCursor,
  AuditRecord,
  CustomerSummary,
  LatestCode,
  SentEmail,
  StaffRoleRecord,
} from "../console/records.ts";
import type { Flow, FlowKind } from "../flows/flow.ts";
import type { Identity } from "../identity/identity.ts";
import type { OidcLink } from "../identity/oidc-credentials.ts";
import type {
  EmailChange,
  FailedSignInDay,
  PasswordCredentialLookup,
  SecurityEvent,
  SecurityLink,
  TrustedDevice,
} from "../security/records.ts";
import type { Session } from "../session/session.ts";
import type { OutboxPersister } from "./outbox.ts";

// The persistence port. Flows, strategies and hooks depend on these interfaces only; the
// composition root picks the SQL adapter. A contract test suite runs against every database.

export interface IdentityPersister {
  createIdentity(identity: Identity): Promise<void>;
  /** Creates many identities with a few multi-row inserts (the batch import). */
  createIdentities(identities: Identity[]): Promise<void>;
  /** Which of these identifiers (of these credential types) or email addresses are taken. */
  findTakenIdentifiers(values: string[], credentialTypes: string[]): Promise<Set<string>>;
  /** Replaces traits, state, metadata, addresses and credentials of an existing identity. */
  updateIdentity(identity: Identity): Promise<void>;
  getIdentity(id: string): Promise<Identity | undefined>;
  findIdentityByIdentifier(type: string, identifier: string): Promise<Identity | undefined>;
  findIdentityByRecoveryAddress(value: string): Promise<Identity | undefined>;
  findIdentityByVerifiableAddress(value: string): Promise<Identity | undefined>;
  listIdentities(query: { pageSize: number; pageToken?: string; identifier?: string }): Promise<{
    identities: Identity[];
    nextPageToken?: string;
  }>;
  deleteIdentity(id: string): Promise<boolean>;
}

/** A session with its identity, as whoami answers them. */
export interface SessionWithIdentity {
  readonly session: Session;
  readonly identity: Identity;
}

export interface SessionPersister {
  createSession(session: Session, tokenHash: string, logoutTokenHash: string): Promise<void>;
  getSessionByTokenHash(tokenHash: string): Promise<Session | undefined>;
  /** The session of this token hash with its identity, read in one round trip. */
  getSessionWithIdentity(tokenHash: string): Promise<SessionWithIdentity | undefined>;
  /**
   * The same, from the instance's session cache when it holds the session (outside a
   * transaction), which every change to either, from any instance and any writer, reaches
   * within a second. The objects are frozen and shared between requests: read them only.
   */
  getCachedSessionWithIdentity(
    tokenHash: string,
    now: Date,
  ): Promise<SessionWithIdentity | undefined>;
  getSessionByLogoutTokenHash(logoutTokenHash: string): Promise<Session | undefined>;
  getSession(id: string): Promise<Session | undefined>;
  updateSession(session: Session): Promise<void>;
  listSessionsOfIdentity(
    identityId: string,
    query: { active?: boolean; exceptId?: string; limit: number; offset: number },
  ): Promise<{ sessions: Session[]; total: number }>;
  revokeSession(identityId: string, sessionId: string): Promise<boolean>;
  revokeSessionsOfIdentity(identityId: string, options: { exceptId?: string }): Promise<number>;
}

export interface FlowPersister {
  createFlow(flow: Flow): Promise<void>;
  getFlow(id: string, kind: FlowKind): Promise<Flow | undefined>;
  updateFlow(flow: Flow): Promise<void>;
}

export interface CodeRecord {
  id: string;
  flow_id: string;
  /** What the secret is for: an emailed code, or a link token (`*_link`). */
  kind:
    | "recovery"
    | "verification"
    | "login"
    | "registration"
    | "recovery_link"
    | "verification_link";
  code_hash: string;
  address: string;
  identity_id: string | null;
  used_at: Date | null;
  expires_at: Date;
}

export interface CodePersister {
  createCode(code: CodeRecord): Promise<void>;
  /** Active codes of a flow (not used, not expired), newest first. */
  activeCodesOfFlow(flowId: string, now: Date): Promise<CodeRecord[]>;
  /** Marks a code used; false when another request used it first. */
  useCode(id: string, now: Date): Promise<boolean>;
  invalidateCodesOfFlow(flowId: string, now: Date): Promise<void>;
}

export interface ErrorPersister {
  createError(id: string, error: Record<string, unknown>): Promise<void>;
  getError(
    id: string,
  ): Promise<{ id: string; error: Record<string, unknown>; created_at: Date } | undefined>;
}

export interface RateLimitPersister {
  /** Counts one hit in the key's fixed window; returns the count and when the window ends. */
  hit(key: string, windowMs: number, now: Date): Promise<{ count: number; windowEndsAt: Date }>;
  peek(key: string, now: Date): Promise<number>;
  reset(key: string): Promise<void>;
  /**
   * Counts one hit in each key's fixed window, in one statement; returns each key's count.
   * Keys are locked in sorted order, so two instances counting the same keys never deadlock.
   */
  hitMany(
    hits: readonly { key: string; windowMs: number }[],
    now: Date,
  ): Promise<Map<string, number>>;
  /** The counts of these keys in their current windows (0 for a key without one), one statement. */
  peekMany(keys: readonly string[], now: Date): Promise<Map<string, number>>;
  /** Drops the counters whose window ended before `before`. */
  purgeExpired(before: Date): Promise<void>;
}

export interface ExchangePersister {
  putExchange(
    id: string,
    kind: string,
    payload: Record<string, unknown>,
    expiresAt: Date,
  ): Promise<void>;
  takeExchange(id: string, kind: string, now: Date): Promise<Record<string, unknown> | undefined>;
  getExchange(id: string, kind: string, now: Date): Promise<Record<string, unknown> | undefined>;
}

/**
 * Account safety (docs/account-safety.md): events, failed sign-ins per day, trusted devices, notice links,
 * email changes and the sessions' last activity.
 */
export interface SecurityPersister {
  recordEvent(event: SecurityEvent): Promise<void>;
  getEvent(id: string): Promise<SecurityEvent | undefined>;
  /** The identity's events since `since`, newest first. */
  listEvents(identityId: string, since: Date): Promise<SecurityEvent[]>;
  /** Counts one failed sign-in for the identifier's HMAC on `day` (one statement). */
  recordFailedSignIn(failure: Omit<FailedSignInDay, "count">): Promise<void>;
  /** Failed sign-ins for these identifier HMACs from `sinceDay` on, newest day first. */
  listFailedSignIns(identifierHashes: string[], sinceDay: string): Promise<FailedSignInDay[]>;
  findTrustedDevice(identityId: string, deviceHash: string): Promise<TrustedDevice | undefined>;
  /** Inserts the device, or for a known (identity, hash) moves last_seen_at; returns its id. */
  trustDevice(device: TrustedDevice): Promise<string>;
  /**
   * One statement: when the (identity, hash) device was last seen after `seenAfter`, moves its
   * last_seen_at (and address, user agent) and returns its id; otherwise changes nothing and
   * returns undefined.
   */
  touchTrustedDevice(
    seen: Pick<
      TrustedDevice,
      "identity_id" | "device_hash" | "ip_address" | "user_agent" | "last_seen_at"
    >,
    seenAfter: Date,
  ): Promise<string | undefined>;
  removeTrustedDevice(identityId: string, deviceId: string): Promise<void>;
  createLink(link: SecurityLink): Promise<void>;
  /** The link with this token HMAC, used or not. */
  findLink(tokenHash: string): Promise<SecurityLink | undefined>;
  /** Marks a link used; false when it was used, expired or another request took it first. */
  useLink(id: string, now: Date): Promise<boolean>;
  /** The identity's pending change, also an expired one (the caller decides). */
  pendingEmailChange(identityId: string): Promise<EmailChange | undefined>;
  /** Inserts the change, or updates the one with its id. */
  saveEmailChange(change: EmailChange): Promise<void>;
  getEmailChange(id: string): Promise<EmailChange | undefined>;
  /** Records that the session was used at `at` (kept per session, dropped with it). */
  touchSession(sessionId: string, at: Date): Promise<void>;
  lastActivityOf(sessionIds: string[]): Promise<Map<string, Date>>;
}

/**
 * Lookups of the sign-in steps that must cost the same whether or not an account exists
 * (docs/security.md#no-timing-oracle): each is one statement answering one row shape either way.
 */
export interface SignInLookupPersister {
  /** The password credential behind a password identifier. */
  passwordCredential(identifier: string): Promise<PasswordCredentialLookup | undefined>;
  /**
   * The social sign-ins of the account an address belongs to, when it has no password (the
   * identifier-first step offers them instead of a password field); else none.
   */
  socialOnlyLinks(address: string): Promise<OidcLink[]>;
}

/** Account locks (docs/console.md#locking-an-account): read by every sign-in, set by the console. */
export interface AccountLockPersister {
  /** The account's lock if one holds at `now` (a lock whose `until` has passed is none). */
  activeLock(identityId: string, now: Date): Promise<AccountLock | undefined>;
  /** Sets the lock, replacing one that is over. */
  putLock(lock: AccountLock): Promise<void>;
  /** Lifts the lock; false when there was none. */
  removeLock(identityId: string): Promise<boolean>;
}

/** The customer-service console (docs/console.md): staff, the audit log, search. */
export interface ConsolePersister {
  staffRole(identityId: string): Promise<StaffRoleRecord | undefined>;
  listStaff(): Promise<StaffRoleRecord[]>;
  /** Grants a role, or changes the one the identity has. */
  putStaffRole(record: StaffRoleRecord): Promise<void>;
  removeStaffRole(identityId: string): Promise<boolean>;
  /**
   * Counts the admins and holds their rows until the transaction ends: two admins taking the
   * role from each other at once run one after the other, and the second sees the first's change.
   */
  holdAdmins(): Promise<number>;
  /** Appends one entry; the log refuses every change to what it holds. */
  appendAudit(record: AuditRecord): Promise<void>;
  /** Newest first, after `after`; filtered by the account acted on or the staff member. */
  listAudit(query: {
    targetId?: string;
    staffId?: string;
    after?: AuditCursor;
    limit: number;
  }): Promise<AuditRecord[]>;
  /**
   * Holds the identity's row until the transaction ends, so two console actions on one account
   * run one after the other and each sees what the other did; false for an unknown identity.
   */
  holdIdentity(identityId: string): Promise<boolean>;
  /** Accounts whose `traits.email` is this address, case-insensitively. */
  searchByEmail(email: string, now: Date, limit: number): Promise<CustomerSummary[]>;
  searchById(id: string, now: Date): Promise<CustomerSummary[]>;
  /**
   * Accounts whose "first last" starts with `prefix` (and, with `lastName`, whose last name
   * does), case-insensitively, ordered by name.
   */
  searchByName(
    prefix: string,
    options: { lastName: boolean; limit: number; now: Date },
  ): Promise<CustomerSummary[]>;
  /** The outbox's emails to these addresses, newest first. */
  emailsTo(addresses: string[], limit: number): Promise<SentEmail[]>;
  /** The newest code or link of these kinds the identity was sent. */
  latestCode(identityId: string, kinds: readonly string[]): Promise<LatestCode | undefined>;
}

/** One welcome gift per mailbox (docs/security.md#one-welcome-gift-per-mailbox). */
export interface WelcomeGiftPersister {
  /**
   * Grants the mailbox its gift unless it or the identity had one: true when this call granted
   * it. Safe against a second call at the same moment (the mailbox is the key).
   */
  claim(gift: { mailbox_hash: string; identity_id: string; granted_at: Date }): Promise<boolean>;
}

/**
 * The tables a sweep prunes (docs/production.md#pruning-expired-rows), in the order it takes
 * them: expired codes before the flows, which take their remaining codes along (a foreign key
 * with cascade) uncounted. Identities, credentials, trusted devices, staff roles, account
 * locks, the console's audit and the welcome gifts are never among them.
 */
export const prunedTables = [
  "selfservice_codes",
  "selfservice_flows",
  "sessions",
  "courier_messages",
  "selfservice_errors",
  "token_exchanges",
  "security_links",
  "email_changes",
  "rate_limits",
  "security_events",
  "login_failures_daily",
] as const;

export type PrunedTable = (typeof prunedTables)[number];

/** Rows deleted per table (rows that went with their flow or session are not counted). */
export type PruneCounts = Record<PrunedTable, number>;

export interface PruneCutoffs {
  /**
   * Codes, flows, sessions, token exchanges, notice links and email changes that expired before
   * this go; outbox messages sent or abandoned (last touched) and self-service errors written
   * before it too.
   */
  expiredBefore: Date;
  /** Rate-limit counters whose window ended before this go. */
  windowsEndedBefore: Date;
  /** Security events and days of failed sign-ins from before this go (the activity's retention). */
  activityBefore: Date;
}

/** A sweep's result, or `ran: false` when another instance held the sweep lock. */
export type SweepLockResult<T> = { ran: true; value: T } | { ran: false };

/** Deletes what has expired (docs/production.md#pruning-expired-rows). */
export interface CleanupPersister {
  /**
   * Deletes table by table in statements of at most `batchSize` rows, each committed on its
   * own, until a statement deletes fewer; stops between statements once `signal` aborts. Rows
   * another transaction holds are skipped (the next sweep takes them), so several instances
   * may run it at once, and nothing waits on it for long.
   */
  pruneExpired(
    cutoffs: PruneCutoffs,
    options: { batchSize: number; signal?: AbortSignal },
  ): Promise<PruneCounts>;
  /**
   * Runs `sweep` while this instance holds the database's sweep lock; when another instance
   * holds it, returns `{ ran: false }` at once. The lock ends with the sweep, or with the
   * connection when the process dies.
   */
  whileSweepLocked<T>(
    sweep: (cleanup: CleanupPersister) => Promise<T>,
  ): Promise<SweepLockResult<T>>;
}

export interface Persistence {
  identities: IdentityPersister;
  sessions: SessionPersister;
  flows: FlowPersister;
  codes: CodePersister;
  errors: ErrorPersister;
  limits: RateLimitPersister;
  exchanges: ExchangePersister;
  /** Runs the function with persisters bound to one database transaction. */
  transaction<T>(fn: (tx: Persistence) => Promise<T>): Promise<T>;
  /**
   * Emails, webhook deliveries and jobs, written in the same transaction as the change they
   * belong to (outbox.ts); outbox/ renders and sends them.
   */
  outbox: OutboxPersister;
  security: SecurityPersister;
  signInLookups: SignInLookupPersister;
  locks: AccountLockPersister;
  console: ConsolePersister;
  welcomeGifts: WelcomeGiftPersister;
  /** Pruning what has expired, by the sweep (cleanup/) and the cleanup command. */
  cleanup: CleanupPersister;
  close(): Promise<void>;
}
