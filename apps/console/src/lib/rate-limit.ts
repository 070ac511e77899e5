// Rate limits of the console's own routes (docs/console.md#security), counted per signed-in
// staff member (pages and form posts) or per client address (signing in, and anyone not signed
// in) in fixed one-minute windows, in this process. Several console instances each count
// their own share, so the limits are per instance: they are there to slow down a script against
// one address (sign-in attempts, a loop of searches), and the identity service keeps its own
// limits behind them. A request over the limit is answered 429 with Retry-After and reaches no
// page, action or route.

export interface RateLimit {
  /** Requests allowed per address and window. */
  readonly limit: number;
  readonly windowMs: number;
}

/** What each kind of request may do per staff member (or address) and minute. */
export const RATE_LIMITS = {
  /** Starting a sign-in and coming back from it. */
  auth: { limit: 30, windowMs: 60_000 },
  /** Changes (server actions, logout): form posts. */
  change: { limit: 60, windowMs: 60_000 },
  /** Pages, searches included. */
  page: { limit: 300, windowMs: 60_000 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitKind = keyof typeof RATE_LIMITS;

export type RateVerdict =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number };

const MAX_TRACKED = 50_000;

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Counts one request of `who` (a staff member's key or a client address). */
  take(kind: RateLimitKind, who: string | undefined): RateVerdict {
    const { limit, windowMs } = RATE_LIMITS[kind];
    const now = this.now();
    const key = `${kind}\0${who ?? "unknown"}`;
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size >= MAX_TRACKED) this.forgetOld(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= limit) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.ceil((window.start + windowMs - now) / 1000) };
  }

  /** Drops the windows that have ended, so a flood of addresses cannot grow the map forever. */
  private forgetOld(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= 60_000) this.windows.delete(key);
    }
    if (this.windows.size >= MAX_TRACKED) this.windows.clear();
  }
}
