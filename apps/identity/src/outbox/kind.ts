import type { ClaimedMessage, OutboxMessageType } from "../persistence/outbox.ts";

// What the dispatcher (dispatcher.ts) needs to know of a kind of message: how to send one, and
// how to treat it when a send fails. The composition root registers the kinds (emails over
// SMTP, the shop's webhooks, the jobs); the dispatcher knows none of them.

/** Fits Fastify's and pino's loggers. */
export interface OutboxLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
  /** pino's: the dispatcher gives each kind's lines the kind's `component`. */
  child?(bindings: Record<string, unknown>): OutboxLogger;
}

export interface RetryBackoff {
  /** Delay after the first failure; doubles with every further one. */
  initialMs: number;
  maxMs: number;
}

/** How the dispatcher treats one kind's messages. */
export interface DeliveryPolicy {
  /** How long a claim holds a message; a send must end well inside it. */
  leaseMs: number;
  /** Attempts before a message is abandoned. */
  maxAttempts: number;
  backoff: RetryBackoff;
  /**
   * Whether a message of this kind is claimed as soon as the database says it is due
   * (LISTEN/NOTIFY, migration 0005), or only on the next poll.
   */
  wakes: boolean;
}

export interface OutboxKind {
  /** The messages it sends: every message of this type is handed to this kind. */
  type: OutboxMessageType;
  /** Names the kind in its log lines ("courier: sent") and is their `component`. */
  label: string;
  policy: DeliveryPolicy;
  /** Sends one message; throws when it was not delivered. */
  send(message: ClaimedMessage): Promise<void>;
  /** Called once when the dispatcher stops, after the last send, to close connections. */
  close?(): Promise<void> | void;
}

export const consoleLogger: OutboxLogger = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/** The delay before attempt `failedAttempts + 1`: the initial delay, doubled, capped. */
export function retryDelay(failedAttempts: number, backoff: RetryBackoff): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(backoff.initialMs * 2 ** exponent, backoff.maxMs);
}
