import type { Deps } from "../deps/deps.ts";

// The shop-wide signals (docs/security.md#bot-defence), from one counter per minute and kind in
// `rate_limits`: registration submits, login submits and failed sign-ins.
// - A surge: registrations in the last minute at `surge.factor` times the usual rate, the median
//   minute of the hour before (a median, so a wave of its own does not become the usual), and
//   at least `surge.min_per_minute`. During one, networks are held to `surge.network`.
// - Credential stuffing: at least `credential_stuffing.min_failures` failed sign-ins in the
//   window (at most the last hour) and a share of all sign-ins of `failure_share`: leaked
//   passwords are being tried across many identifiers, from more places than any one count sees.
// The current minute is read with each request; the minutes before change only once a minute,
// so each instance keeps them for a few seconds.

export interface ShopWide {
  readonly surge: boolean;
  readonly stuffing: boolean;
}

export interface MinuteCounts {
  readonly registrations: number;
  readonly logins: number;
  readonly failures: number;
}

const minuteMs = 60_000;
/** The minutes the usual rate is the median of. */
const usualMinutes = 60;
/** How long an instance keeps the minutes before the current one. */
const historyTtlMs = 2_000;

function minuteOf(now: Date): number {
  return Math.floor(now.getTime() / minuteMs);
}

function keysOf(minute: number): { registrations: string; logins: string; failures: string } {
  return {
    registrations: `risk:registrations:${minute}`,
    logins: `risk:logins:${minute}`,
    failures: `risk:failures:${minute}`,
  };
}

/** The counters of the current minute, and how long they are kept (for the hour's median). */
export function shopWideKey(now: Date): ReturnType<typeof keysOf> & { windowMs: number } {
  return { ...keysOf(minuteOf(now)), windowMs: (usualMinutes + 2) * minuteMs };
}

interface History {
  readonly minute: number;
  readonly readAt: number;
  /** The current minute as last read, for what a request did not count itself. */
  readonly current: MinuteCounts;
  /** Minutes before the current one, newest first: index 0 is the minute before. */
  readonly before: readonly MinuteCounts[];
}

const histories = new WeakMap<Deps, History>();

function stuffingMinutes(deps: Deps): number {
  return Math.min(usualMinutes, Math.max(1, Math.ceil(deps.config.bot_defence.window / minuteMs)));
}

async function history(deps: Deps, now: Date): Promise<History> {
  const minute = minuteOf(now);
  const kept = histories.get(deps);
  if (kept && kept.minute === minute && now.getTime() - kept.readAt < historyTtlMs) return kept;
  const minutes = Array.from({ length: usualMinutes + 1 }, (_, back) => minute - back);
  const counts = await deps.persistence.limits.peekMany(
    minutes.flatMap((m) => Object.values(keysOf(m))),
    now,
  );
  const at = (m: number): MinuteCounts => {
    const k = keysOf(m);
    return {
      registrations: counts.get(k.registrations) ?? 0,
      logins: counts.get(k.logins) ?? 0,
      failures: counts.get(k.failures) ?? 0,
    };
  };
  const read: History = {
    minute,
    readAt: now.getTime(),
    current: at(minute),
    before: minutes.slice(1).map(at),
  };
  histories.set(deps, read);
  return read;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The shop-wide signals now; `fresh` holds the current minute's counts the request just read. */
export async function readShopWide(
  deps: Deps,
  now: Date,
  fresh: Partial<MinuteCounts>,
): Promise<ShopWide> {
  const { surge, credential_stuffing: stuffing } = deps.config.bot_defence;
  const past = await history(deps, now);
  const current = { ...past.current, ...fresh };
  const previous = past.before[0] ?? { registrations: 0, logins: 0, failures: 0 };
  // The last 60 seconds: this minute so far, and the part of the minute before still inside.
  const elapsed = (now.getTime() % minuteMs) / minuteMs;
  const lastMinute = current.registrations + previous.registrations * (1 - elapsed);
  const usual = median(past.before.map((m) => m.registrations));
  const inWindow = [current, ...past.before.slice(0, stuffingMinutes(deps) - 1)];
  const failures = inWindow.reduce((sum, m) => sum + m.failures, 0);
  const logins = inWindow.reduce((sum, m) => sum + m.logins, 0);
  return {
    surge: lastMinute >= surge.min_per_minute && lastMinute >= surge.factor * usual,
    stuffing:
      failures >= stuffing.min_failures &&
      logins > 0 &&
      failures / logins >= stuffing.failure_share,
  };
}
