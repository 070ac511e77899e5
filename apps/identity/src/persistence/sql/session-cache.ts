import type { SessionWithIdentity } from "../persistence.ts";

// The instance's memory of the sessions it looked up by token (whoami is the hot path: a shop
// asks on nearly every page view). A session is served from here only while nothing it
// depends on can have changed unseen:
//
// - Every write to a session, an identity or an identity's child rows announces the identity
//   id through PostgreSQL's NOTIFY, in the writing transaction (migration 0003), and the
//   instance's listener (change-listener.ts) drops that identity's entries here. The writing
//   instance also drops them itself as soon as its write commits, so its own next request never
//   waits for the notification.
// - A lookup that raced with a change is not kept: every change bumps `generation`, and a
//   lookup stores its result only if no change arrived since it started reading.
// - `isCurrent` (the listener) says whether every change committed until recently has been
//   heard; while it says no (listener connection lost, notifications late) nothing is served
//   from here, and a lost connection empties the cache before it is trusted again.
// - Entries end with their session's expiry and after `maxAgeMs` at the latest, and the least
//   recently used go first beyond `maxEntries`, so memory stays bounded.
//
// Entries are deeply frozen: many requests share them, so none may change them.

export interface SessionCacheOptions {
  maxEntries: number;
  maxAgeMs: number;
}

interface Entry {
  value: SessionWithIdentity;
  identityId: string;
  /** Monotonic milliseconds (performance.now) after which the entry is dropped. */
  until: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #byIdentity = new Map<string, Set<string>>();
  readonly #options: SessionCacheOptions;
  #generation = 0;
  #isCurrent: () => boolean = () => false;
  #hits = 0;
  #misses = 0;

  constructor(options: SessionCacheOptions) {
    this.#options = options;
  }

  /** Who tells whether every committed change has been heard (the change listener). */
  trustWhile(isCurrent: () => boolean): void {
    this.#isCurrent = isCurrent;
  }

  /** For the metrics: entries held, lookups answered from here and not, whether trusted. */
  stats(): { entries: number; hits: number; misses: number; current: boolean } {
    return {
      entries: this.#entries.size,
      hits: this.#hits,
      misses: this.#misses,
      current: this.#isCurrent(),
    };
  }

  get(tokenHash: string, now: Date): SessionWithIdentity | undefined {
    const entry = this.#isCurrent() ? this.#entries.get(tokenHash) : undefined;
    if (!entry) {
      this.#misses++;
      return undefined;
    }
    if (entry.until <= performance.now() || entry.value.session.expires_at <= now) {
      this.#remove(tokenHash, entry);
      this.#misses++;
      return undefined;
    }
    // Map keeps insertion order: moving the entry to the end makes the first the least recent.
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    this.#hits++;
    return entry.value;
  }

  /** Taken before a lookup reads the database; `store` keeps the result only if still valid. */
  ticket(): number {
    return this.#generation;
  }

  /** Freezes and keeps the value, unless a change arrived since `ticket` was taken. */
  store(ticket: number, tokenHash: string, value: SessionWithIdentity): void {
    deepFreeze(value);
    if (ticket !== this.#generation) return;
    const ttl = Math.min(this.#options.maxAgeMs, value.session.expires_at.getTime() - Date.now());
    if (ttl <= 0) return;
    const previous = this.#entries.get(tokenHash);
    if (previous) this.#remove(tokenHash, previous);
    while (this.#entries.size >= this.#options.maxEntries) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, Entry];
      this.#remove(oldest, entry);
    }
    const identityId = value.identity.id;
    this.#entries.set(tokenHash, { value, identityId, until: performance.now() + ttl });
    let hashes = this.#byIdentity.get(identityId);
    if (!hashes) {
      hashes = new Set();
      this.#byIdentity.set(identityId, hashes);
    }
    hashes.add(tokenHash);
  }

  /** These identities (or their sessions) changed: forget them. */
  invalidate(identityIds: Iterable<string>): void {
    this.#generation++;
    for (const id of identityIds) {
      const hashes = this.#byIdentity.get(id);
      if (!hashes) continue;
      this.#byIdentity.delete(id);
      for (const hash of hashes) this.#entries.delete(hash);
    }
  }

  /** Anything may have changed (a TRUNCATE, a lost listener): forget everything. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#byIdentity.clear();
  }

  #remove(tokenHash: string, entry: Entry): void {
    this.#entries.delete(tokenHash);
    const hashes = this.#byIdentity.get(entry.identityId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.#byIdentity.delete(entry.identityId);
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
