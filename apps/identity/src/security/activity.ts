import type { Deps } from "../deps/deps.ts";
import type { Identity } from "../identity/identity.ts";
import { failedSignInsOf } from "../limits/failed-sign-ins.ts";
import type { Session } from "../session/session.ts";
import type { SecurityEventType } from "./records.ts";
import { describeUserAgent } from "./user-agent.ts";

// The account activity (docs/account-safety.md#account-activity): the security events of the retention period (90 days by
// default) with their device and time, and the failed sign-ins counted per day, newest first.
// The public API shows it to the signed-in customer, the admin API to operators; both answer
// this JSON (our extension, docs/account-safety.md#account-activity).

export interface ActivityEntryJson {
  /** The event's id; for failed sign-ins `login_failed:<day>`. */
  id: string;
  type: SecurityEventType | "login_failed";
  /** When it happened; for failed sign-ins the last failure of the day. */
  occurred_at: string;
  ip_address: string;
  user_agent: string;
  browser?: string;
  os?: string;
  /** Failed sign-ins: how many on `day` (YYYY-MM-DD, in the notices' time zone). */
  count?: number;
  day?: string;
  details: Record<string, unknown>;
}

export interface SessionActivityJson {
  id: string;
  current: boolean;
  browser?: string;
  os?: string;
  ip_address: string;
  user_agent: string;
  authenticated_at: string;
  last_active_at: string;
  expires_at: string;
}

export async function accountActivity(
  deps: Deps,
  identity: Identity,
): Promise<ActivityEntryJson[]> {
  const since = new Date(deps.now().getTime() - deps.config.security.activity.retention);
  const [events, failures] = await Promise.all([
    deps.persistence.security.listEvents(identity.id, since),
    failedSignInsOf(deps, identity, since),
  ]);
  const entries: ActivityEntryJson[] = [
    ...events.map((event) => ({
      id: event.id,
      type: event.type,
      occurred_at: event.occurred_at.toISOString(),
      ip_address: event.ip_address,
      user_agent: event.user_agent,
      ...describeUserAgent(event.user_agent),
      details: event.details,
    })),
    ...failures.map((day) => ({
      id: `login_failed:${day.day}`,
      type: "login_failed" as const,
      occurred_at: day.last_at.toISOString(),
      ip_address: day.ip_address,
      user_agent: day.user_agent,
      ...describeUserAgent(day.user_agent),
      count: day.count,
      day: day.day,
      details: {},
    })),
  ];
  return entries.sort((a, b) => b.occurred_at.localeCompare(a.occurred_at));
}

/** Active sessions with browser, OS, address and last activity; the current one first. */
export async function sessionsWithActivity(
  deps: Deps,
  sessions: readonly Session[],
  currentId: string | undefined,
): Promise<SessionActivityJson[]> {
  const lastActive = await deps.persistence.security.lastActivityOf(sessions.map((s) => s.id));
  return sessions
    .map((session) => {
      const device = session.devices[0];
      const last = lastActive.get(session.id);
      const seen = last && last > session.authenticated_at ? last : session.authenticated_at;
      return {
        id: session.id,
        current: session.id === currentId,
        ...describeUserAgent(device?.user_agent),
        ip_address: device?.ip_address ?? "",
        user_agent: device?.user_agent ?? "",
        authenticated_at: session.authenticated_at.toISOString(),
        last_active_at: seen.toISOString(),
        expires_at: session.expires_at.toISOString(),
      };
    })
    .sort((a, b) =>
      a.current !== b.current
        ? a.current
          ? -1
          : 1
        : b.last_active_at.localeCompare(a.last_active_at),
    );
}
