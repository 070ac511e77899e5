import { isDatabaseUnavailable } from "../persistence/errors.ts";
import type { ClaimedMessage, OutboxPersister } from "../persistence/outbox.ts";
import { leaseExpiredError } from "../persistence/outbox.ts";
import { CourierError } from "./errors.ts";
import { type OutboxKind, type OutboxLogger, retryDelay } from "./kind.ts";

// The dispatcher's loop for one kind (dispatcher.ts runs one per registered kind, so a slow
// webhook endpoint never holds up an email). Each round claims a batch of the kind's type with
// a lease, sends each message and records the outcome. A failed send is data, never thrown:
// the message goes back to the queue with exponential backoff and is abandoned after
// `maxAttempts` attempts. Nothing the database or a send throws leaves the loop: a failed claim
// is logged and tried again on the next round, a failed record leaves the lease to run out, so
// the message is claimed again. Logs carry message ids, never recipients or bodies.

/** A send that failed: retried later, abandoned, or recorded too late (the lease was lost). */
export type SendFailure = "retry" | "abandoned" | "lease_lost";

export interface Lane {
  start(): void;
  wake(): void;
  stop(options: { graceMs?: number | undefined }): Promise<void>;
  dispatchOnce(): Promise<number>;
}

export interface LaneOptions {
  outbox: OutboxPersister;
  kind: OutboxKind;
  pollIntervalMs: number;
  batchSize: number;
  logger: OutboxLogger;
  onSendFailure?(outcome: SendFailure): void;
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1_000);
}

export function createLane(options: LaneOptions): Lane {
  const { outbox, kind, logger } = options;
  const { label, policy } = kind;
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
    if (message.send_count >= policy.maxAttempts) {
      // Taken over from a dispatcher that died, with no attempts left.
      const sendCount = message.send_count;
      await outbox.markFailed(message, {
        sendCount,
        error: leaseExpiredError,
        abandon: true,
        retryInMs: 0,
      });
      logger.warn({ messageId: message.id, sendCount }, `${label}: message abandoned`);
      return;
    }
    try {
      await kind.send(message);
    } catch (error) {
      await recordFailure(message, error);
      return;
    }
    await recordSent(message);
    logger.info({ messageId: message.id, template: message.template_type }, `${label}: sent`);
  }

  /**
   * The receiver took the message; until the outbox knows, another claim would send it again.
   * A database that is away (docs/production.md#when-the-database-is-down) is asked again while
   * this dispatcher still holds the lease, so an outage shorter than the lease sends nothing
   * twice; after it, or once stopping, the message is claimed again and sent a second time.
   */
  async function recordSent(message: ClaimedMessage): Promise<void> {
    for (let delayMs = 100; ; delayMs = Math.min(delayMs * 2, 1_000)) {
      try {
        await outbox.markSent(message.id);
        return;
      } catch (error) {
        const leaseLeftMs = message.lease_until.getTime() - Date.now();
        if (!isDatabaseUnavailable(error) || state === "stopped" || leaseLeftMs < delayMs)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  async function recordFailure(message: ClaimedMessage, error: unknown): Promise<void> {
    const sendCount = message.send_count + 1;
    const abandon = sendCount >= policy.maxAttempts;
    const retryInMs = retryDelay(sendCount, policy.backoff);
    const kept = await outbox.markFailed(message, {
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
    const messages = await outbox.claimDue({
      type: kind.type,
      leaseMs: policy.leaseMs,
      limit: options.batchSize,
    });
    for (const message of messages) held.set(message.id, message);
    const results = await Promise.allSettled(
      messages.map((message) => deliver(message).finally(() => held.delete(message.id))),
    );
    for (const [index, result] of results.entries()) {
      if (result.status === "rejected") {
        // A database error while recording: the lease runs out and the message is claimed
        // again, so nothing is lost. A database that is away is an outage the pool logged.
        const unavailable = isDatabaseUnavailable(result.reason);
        logger[unavailable ? "warn" : "error"](
          {
            messageId: messages[index]?.id,
            ...(unavailable ? { cause: (result.reason as Error).message } : { err: result.reason }),
          },
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
      // While the database is away every poll fails alike: the pool logs the outage once.
      if (!isDatabaseUnavailable(error))
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
    stop({ graceMs }): Promise<void> {
      state = "stopped";
      clearTimeout(timer);
      stopped ??= (async () => {
        await withinGrace(Promise.allSettled([...inFlight]), graceMs);
        if (held.size > 0) {
          try {
            const released = await outbox.release([...held.values()]);
            logger.info({ released }, `${label}: released unfinished messages for other instances`);
          } catch (error) {
            logger.error(
              { err: error },
              `${label}: could not release leases; they run out instead`,
            );
          }
        }
        try {
          await kind.close?.();
        } catch (error) {
          logger.error({ err: error }, `${label}: could not close its connections`);
        }
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
