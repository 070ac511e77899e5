import type {
  ConsoleActivityEntry,
  ConsoleCustomer,
  ConsoleEmail,
  ConsoleSession,
  StaffRole,
} from "@moos/contract";
import type { Deps } from "../deps/deps.ts";
import { type Credential, getCredential, type Identity } from "../identity/identity.ts";
import { accountActivity } from "../security/activity.ts";
import { describeUserAgent } from "../security/user-agent.ts";
import type { AccountLock } from "./records.ts";
import { accountVersion } from "./version.ts";

// The customer page (`GET /admin/console/customers/{id}`, docs/console.md#the-customer-page):
// everything support needs to help, and none of the account's secrets: no password hash, TOTP
// secret, backup code, key material, provider token, code or link.

const emailsShown = 50;
const sessionsShown = 100;
/** The page's first audit entries; the console pages on through `GET /admin/console/audit`. */
export const auditShown = 20;

/** Events the customer is not emailed about (security/events.ts's silent ones). */
const withoutNotice = new Set(["email_change_undone", "not_me_reported", "login_failed"]);

export function deviceOf(userAgent: string | undefined): string | undefined {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os;
}

function configOf(identity: Identity, type: string): Record<string, unknown> | undefined {
  return getCredential(identity, type)?.config;
}

function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === "object" && !!item)
    : [];
}

function signInMethods(deps: Deps, identity: Identity): ConsoleCustomer["sign_in_methods"] {
  const hash = configOf(identity, "password")?.hashed_password;
  const codes = getCredential(identity, "lookup_secret");
  const left = (credential: Credential): number =>
    listOf(credential.config.recovery_codes).filter((code) => !code.used_at).length;
  return {
    password: typeof hash === "string" && hash !== "",
    passkeys: listOf(configOf(identity, "passkey")?.credentials).map((key) => ({
      name: typeof key.display_name === "string" ? key.display_name : "",
      added_at: typeof key.added_at === "string" ? key.added_at : null,
    })),
    totp: getCredential(identity, "totp") !== undefined,
    backup_codes_left: codes ? left(codes) : null,
    security_keys: listOf(configOf(identity, "webauthn")?.credentials).length,
    social: listOf(configOf(identity, "oidc")?.providers).flatMap((p) =>
      typeof p.provider === "string" ? [{ provider: p.provider }] : [],
    ),
    code:
      deps.config.selfservice.methods.code.passwordless_enabled &&
      identity.verifiable_addresses.length > 0,
  };
}

function newsletterOf(identity: Identity): ConsoleCustomer["newsletter"] {
  const record = identity.metadata_admin?.newsletter as Record<string, unknown> | undefined;
  const statuses = ["pending", "subscribed", "declined", "withdrawn"] as const;
  const status = statuses.find((s) => s === record?.status) ?? null;
  const pending = record?.pending as Record<string, unknown> | null | undefined;
  const text = (value: unknown): string | undefined =>
    typeof value === "string" ? value : undefined;
  return {
    status,
    // The token's hash stays behind: only when the confirmation was asked for and until when.
    pending:
      pending && text(pending.requested_at) && text(pending.expires_at)
        ? { requested_at: String(pending.requested_at), expires_at: String(pending.expires_at) }
        : null,
    history: listOf(record?.history).flatMap((entry) => {
      const event = ["requested", "confirmed", "declined", "withdrawn"].find(
        (e) => e === entry.event,
      ) as ConsoleCustomer["newsletter"]["history"][number]["event"] | undefined;
      const at = text(entry.at);
      if (!event || !at) return [];
      const locale = text(entry.locale);
      const version = text(entry.text_version);
      return [
        { event, at, ...(locale ? { locale } : {}), ...(version ? { text_version: version } : {}) },
      ];
    }),
  };
}

async function sessionsOf(deps: Deps, identity: Identity): Promise<ConsoleSession[]> {
  const { sessions } = await deps.persistence.sessions.listSessionsOfIdentity(identity.id, {
    active: true,
    limit: sessionsShown,
    offset: 0,
  });
  const lastActive = await deps.persistence.security.lastActivityOf(sessions.map((s) => s.id));
  return sessions.map((session) => {
    const device = session.devices[0];
    const last = lastActive.get(session.id);
    const seen = last && last > session.authenticated_at ? last : session.authenticated_at;
    return {
      id: session.id,
      device: deviceOf(device?.user_agent) ?? "",
      ip_address: device?.ip_address || null,
      authenticated_at: session.authenticated_at.toISOString(),
      last_active_at: seen.toISOString(),
      expires_at: session.expires_at.toISOString(),
      aal: session.aal === "aal2" ? "aal2" : "aal1",
    };
  });
}

async function activityOf(deps: Deps, identity: Identity): Promise<ConsoleActivityEntry[]> {
  const notices = deps.config.security.notices.enabled;
  return (await accountActivity(deps, identity)).map((entry) => {
    const device = deviceOf(entry.user_agent);
    return {
      type: entry.type,
      occurred_at: entry.occurred_at,
      ...(device ? { device } : {}),
      ip_address: entry.ip_address,
      ...(entry.count !== undefined ? { count: entry.count } : {}),
      details: entry.details,
      notice_sent: notices && !withoutNotice.has(entry.type),
    };
  });
}

function addressesOf(identity: Identity): string[] {
  return [
    ...new Set([
      ...identity.verifiable_addresses.map((a) => a.value),
      ...identity.recovery_addresses.map((a) => a.value),
    ]),
  ];
}

async function emailsOf(deps: Deps, identity: Identity): Promise<ConsoleEmail[]> {
  const emails = await deps.persistence.console.emailsTo(addressesOf(identity), emailsShown);
  return emails.map((email) => ({
    id: email.id,
    to: email.to,
    template_type: email.template_type,
    status: email.status,
    send_count: email.send_count,
    last_error: email.last_error,
    created_at: email.created_at.toISOString(),
    sent_at: email.sent_at?.toISOString() ?? null,
  }));
}

/** The page, read outside the audit's transaction (it only reads). */
export async function customerView(
  deps: Deps,
  identity: Identity,
  lock: AccountLock | undefined,
  staffRole: StaffRole | null,
): Promise<Omit<ConsoleCustomer, "audit">> {
  const name = (identity.traits.name ?? {}) as { first?: unknown; last?: unknown };
  const [sessions, activity, emails] = await Promise.all([
    sessionsOf(deps, identity),
    activityOf(deps, identity),
    emailsOf(deps, identity),
  ]);
  return {
    id: identity.id,
    version: accountVersion(identity, lock),
    state: identity.state,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    locale:
      typeof identity.metadata_public?.locale === "string" ? identity.metadata_public.locale : null,
    traits: {
      email: String(identity.traits.email ?? ""),
      name: { first: String(name.first ?? ""), last: String(name.last ?? "") },
    },
    verifiable_addresses: identity.verifiable_addresses.map((a) => ({
      value: a.value,
      verified: a.verified,
      verified_at: a.verified_at?.toISOString() ?? null,
    })),
    newsletter: newsletterOf(identity),
    sign_in_methods: signInMethods(deps, identity),
    sessions,
    activity,
    emails,
    lock: lock
      ? {
          locked: true,
          until: lock.until?.toISOString() ?? null,
          reason: lock.reason,
          since: lock.locked_at.toISOString(),
        }
      : { locked: false, until: null, reason: null, since: null },
    staff_role: staffRole,
  };
}
