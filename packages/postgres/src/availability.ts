// Whether the database answers, as the pool's own traffic shows it: the first failure of an
// outage marks it unavailable and the first success of a query sent after that failure marks it
// available again. A query sent before the outage that happens to succeed afterwards proves
// nothing, so it changes nothing. Each change is reported once, never per request, so an outage
// is two log lines however many requests it met.

export interface AvailabilityEvents {
  /** The first failure after the database was available. */
  onUnavailable?(error: Error): void;
  /** The first success after an outage, with how long it lasted as this process saw it. */
  onAvailable?(outageMs: number): void;
}

export interface Availability {
  isAvailable(): boolean;
  /** A failure of the database, seen now. */
  failed(error: Error): void;
  /** A query sent at `sentAt` (performance.now()) succeeded. */
  succeeded(sentAt: number): void;
}

export function trackAvailability(events: AvailabilityEvents = {}): Availability {
  let available = true;
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  let downSince = 0;
  return {
    isAvailable: () => available,
    failed(error) {
      lastFailureAt = performance.now();
      if (!available) return;
      available = false;
      downSince = lastFailureAt;
      events.onUnavailable?.(error);
    },
    succeeded(sentAt) {
      if (available || sentAt < lastFailureAt) return;
      available = true;
      events.onAvailable?.(performance.now() - downSince);
    },
  };
}
