import type { Kysely } from "kysely";
import type { Database, OutboxMessageType } from "../persistence/sql/database.ts";
import { CourierError } from "./email/errors.ts";
import {
  type ClaimedMessage,
  claimDueMessages,
  leaseExpiredError,
  markFailed,
  markSent,
  releaseLeases,
} from "./lease.ts";

// The loop every outbox dispatcher runs (emails over SMTP, webhooks over HTTP). Each round
// claims a batch of its own type with a lease (lease.ts), sends each message and records the
// outcome. A failed send is data, never thrown: the message goes back to the queue with
// exponential backoff and is abandoned after `maxAttempts` attempts. Logs carry message ids,
// never recipients or bodies.

/** Fits Fastify's and pino's loggers. */
export interface CourierLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetryBackoff {
  /** Delay after the first failure; doubles with every further one. */
  initialMs: number;
  maxMs: number;
}

export interface Dispatcher {
  /** Polls every `pollIntervalMs` until stopped; at once again while batches come back full. */
  start(): void;
  /**
   * A message became due (the database said so, migration 0005): claims at once instead of at
   * the next poll. Wakes during a round make one more round right after it.
   */
  wake(): void;
  /**
   * Stops polling and waits for the batch in flight, at most `graceMs` (default: as long as it
   * takes); messages still being sent then go back to the queue (releaseLeases) for another
   * instance. Then releases the transport. Final.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** One round: claims, sends and records a batch. Returns how many messages it claimed. */
  dispatchOnce(): Promise<number>;
}

export interface OutboxLoopOptions {
  db: Kysely<Database>;
  type: OutboxMessageType;
  pollIntervalMs: number;
  leaseMs: number;
  batchSize: number;
  maxAttempts: number;
  backoff: RetryBackoff;
  logger: CourierLogger;
  /** Sends one message; throws when it was not delivered. */
  send(message: ClaimedMessage): Promise<void>;
  /** Called once after the last round, to close connections. */
  close?(): Promise<void> | void;
  /** Called for every failed send (metrics). */
  onSendFailure?(outcome: "retry" | "abandoned" | "lease_lost"): void;
}

export const consoleLogger: CourierLogger = {
  info: (details, message) => console.info(message, details),
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

export function retryDelay(failedAttempts: number, backoff: RetryBackoff): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(backoff.initialMs * 2 ** exponent, backoff.maxMs);
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1_000);
}

export function createOutboxLoop(options: OutboxLoopOptions): Dispatcher {
  const { db, logger, type } = options;
  const label = type === "email" ? "courier" : type === "webhook" ? "webhooks" : "jobs";
  const inFlight = new Set<Promise<number>>();
  /** Claimed messages whose send has not finished yet. */
  const held = new Map<string, ClaimedMessage>();
  let state: "idle" | "running" | "stopped" = "idle";
  let timer: NodeJS.Timeout | undefined;
  /** Whether the timer's round is under way, and whether a wake came meanwhile. */
  let ticking = false;
  let wokenMeanwhile = false;
  let stopped: Promise<void> | undefined;

  async function deliver(message: ClaimedMessage): Promise<void> {
    if (message.send_count >= options.maxAttempts) {
      // Taken over from a dispatcher that died, with no attempts left.
      const sendCount = message.send_count;
      await markFailed(db, message, {
        sendCount,
        error: leaseExpiredError,
        abandon: true,
        retryInMs: 0,
      });
      logger.warn({ messageId: message.id, sendCount }, `${label}: message abandoned`);
      return;
    }
    try {
      await options.send(message);
    } catch (error) {
      await recordFailure(message, error);
      return;
    }
    await markSent(db, message.id);
    logger.info({ messageId: message.id, template: message.template_type }, `${label}: sent`);
  }

  async function recordFailure(message: ClaimedMessage, error: unknown): Promise<void> {
    const sendCount = message.send_count + 1;
    const abandon = sendCount >= options.maxAttempts;
    const retryInMs = retryDelay(sendCount, options.backoff);
    const kept = await markFailed(db, message, {
      sendCount,
      error: describeError(error),
      abandon,
      retryInMs,
    });
    const details = { messageId: message.id, sendCount, err: error };
    options.onSendFailure?.(!kept ? "lease_lost" : abandon ? "abandoned" : "retry");
    if (!kept) logger.warn(details, `${label}: send failed after the lease was lost`);
    else if (abandon) logger.warn(details, `${label}: message abandoned`);
    else logger.warn({ ...details, retryInMs }, `${label}: send failed, will retry`);
  }

  async function round(): Promise<number> {
    const messages = await claimDueMessages(db, {
      leaseMs: options.leaseMs,
      limit: options.batchSize,
      type,
    });
    for (const message of messages) held.set(message.id, message);
    const results = await Promise.allSettled(
      messages.map((message) => deliver(message).finally(() => held.delete(message.id))),
    );
    for (const [index, result] of results.entries()) {
      if (result.status === "rejected") {
        // A database error while recording: the lease runs out and the message is claimed
        // again, so nothing is lost.
        logger.error(
          { messageId: messages[index]?.id, err: result.reason },
          `${label}: could not record the outcome of a send`,
        );
      }
    }
    return messages.length;
  }

  function dispatchOnce(): Promise<number> {
    if (state === "stopped") {
      return Promise.reject(
        new CourierError("courier_dispatcher_stopped", "the dispatcher was stopped"),
      );
    }
    const pending = round();
    inFlight.add(pending);
    const forget = (): void => {
      inFlight.delete(pending);
    };
    pending.then(forget, forget);
    return pending;
  }

  async function tick(): Promise<void> {
    timer = undefined;
    ticking = true;
    wokenMeanwhile = false;
    let claimed = 0;
    try {
      claimed = await dispatchOnce();
    } catch (error) {
      logger.error({ err: error }, `${label}: dispatch round failed`);
    }
    ticking = false;
    if (state !== "running") return;
    // A wake during the round may be for a message committed after the claim looked.
    const again = claimed >= options.batchSize || wokenMeanwhile;
    timer = setTimeout(tick, again ? 0 : options.pollIntervalMs);
  }

  return {
    start(): void {
      if (state !== "idle") return;
      state = "running";
      timer = setTimeout(tick, 0);
    },
    wake(): void {
      if (state !== "running") return;
      if (ticking) {
        wokenMeanwhile = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    stop({ graceMs }: { graceMs?: number } = {}): Promise<void> {
      state = "stopped";
      clearTimeout(timer);
      stopped ??= (async () => {
        await withinGrace(Promise.allSettled([...inFlight]), graceMs);
        if (held.size > 0) {
          const messages = [...held.values()];
          try {
            const released = await releaseLeases(db, messages);
            logger.info({ released }, `${label}: released unfinished messages for other instances`);
          } catch (error) {
            logger.error(
              { err: error },
              `${label}: could not release leases; they run out instead`,
            );
          }
        }
        await options.close?.();
      })();
      return stopped;
    },
    dispatchOnce,
  };
}

/** Waits for `work`, or `graceMs` at most (no limit when undefined). */
async function withinGrace(work: Promise<unknown>, graceMs: number | undefined): Promise<void> {
  if (graceMs === undefined) {
    await work;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, graceMs));
  });
  await Promise.race([work, deadline]);
  clearTimeout(timer);
}
