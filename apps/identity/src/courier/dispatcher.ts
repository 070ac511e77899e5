import type { Kysely } from "kysely";
import type { Config } from "../config/config.ts";
import type { Database } from "../persistence/sql/database.ts";
import { CourierError } from "./errors.ts";
import {
  type ClaimedMessage,
  claimDueMessages,
  leaseExpiredError,
  markFailed,
  markSent,
} from "./lease.ts";
import { createSmtpTransport } from "./smtp-transport.ts";

// Sends the outbox. Each round claims a batch with a lease (lease.ts), sends it over one pooled
// SMTP transport and records the outcome per message. SMTP failures are data, never thrown:
// the message goes back to the queue with exponential backoff and is abandoned after
// `max_attempts` attempts. Logs carry message ids, never recipients or bodies (the body holds
// a live code).

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

export interface DispatcherOptions {
  logger?: CourierLogger;
  retryBackoff?: RetryBackoff;
}

export interface Dispatcher {
  /** Polls every `poll_interval` until stopped; at once again while batches come back full. */
  start(): void;
  /** Stops polling, waits for the batch in flight and closes the SMTP connections. Final. */
  stop(): Promise<void>;
  /** One round: claims, sends and records a batch. Returns how many messages it claimed. */
  dispatchOnce(): Promise<number>;
}

// With the default 8 attempts: 5 s, 10 s, ... capped at 5 min, about 10 minutes in all, which
// is how long a code is valid by default. Later delivery would not help the customer.
const defaultBackoff: RetryBackoff = { initialMs: 5_000, maxMs: 5 * 60_000 };

const consoleLogger: CourierLogger = {
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

export function createDispatcher(
  db: Kysely<Database>,
  config: Config["courier"],
  options: DispatcherOptions = {},
): Dispatcher {
  const logger = options.logger ?? consoleLogger;
  const backoff = options.retryBackoff ?? defaultBackoff;
  const { dispatcher: settings, smtp } = config;
  const transport = createSmtpTransport(smtp, {
    maxConnections: Math.min(settings.batch_size, 5),
  });
  // An 'error' event without a listener would throw and end the process.
  transport.on("error", (error) => logger.error({ err: error }, "courier: smtp transport error"));
  const messageIdDomain = smtp.from_address.split("@")[1] ?? "localhost";

  const inFlight = new Set<Promise<number>>();
  let state: "idle" | "running" | "stopped" = "idle";
  let timer: NodeJS.Timeout | undefined;
  let stopped: Promise<void> | undefined;

  async function deliver(message: ClaimedMessage): Promise<void> {
    if (message.send_count >= settings.max_attempts) {
      // Taken over from a dispatcher that died, with no attempts left.
      const sendCount = message.send_count;
      await markFailed(db, message, {
        sendCount,
        error: leaseExpiredError,
        abandon: true,
        retryInMs: 0,
      });
      logger.warn({ messageId: message.id, sendCount }, "courier: message abandoned");
      return;
    }
    try {
      await transport.sendMail({
        from: { name: smtp.from_name, address: smtp.from_address },
        to: message.recipient,
        subject: message.subject,
        text: message.body,
        html: message.html_body,
        // The same Message-ID on every attempt lets mail systems drop a duplicate delivery.
        messageId: `<${message.id}@${messageIdDomain}>`,
        // RFC 3834: tells vacation responders not to answer.
        headers: { "Auto-Submitted": "auto-generated" },
      });
    } catch (error) {
      await recordFailure(message, error);
      return;
    }
    await markSent(db, message.id);
    logger.info({ messageId: message.id, template: message.template_type }, "courier: sent");
  }

  async function recordFailure(message: ClaimedMessage, error: unknown): Promise<void> {
    const sendCount = message.send_count + 1;
    const abandon = sendCount >= settings.max_attempts;
    const retryInMs = retryDelay(sendCount, backoff);
    const kept = await markFailed(db, message, {
      sendCount,
      error: describeError(error),
      abandon,
      retryInMs,
    });
    const details = { messageId: message.id, sendCount, err: error };
    if (!kept) logger.warn(details, "courier: send failed after the lease was lost");
    else if (abandon) logger.warn(details, "courier: message abandoned");
    else logger.warn({ ...details, retryInMs }, "courier: send failed, will retry");
  }

  async function round(): Promise<number> {
    const messages = await claimDueMessages(db, {
      leaseMs: settings.lease,
      limit: settings.batch_size,
    });
    const results = await Promise.allSettled(messages.map(deliver));
    for (const [index, result] of results.entries()) {
      if (result.status === "rejected") {
        // A database error while recording: the lease runs out and the message is claimed
        // again, so nothing is lost.
        logger.error(
          { messageId: messages[index]?.id, err: result.reason },
          "courier: could not record the outcome of a send",
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
    let claimed = 0;
    try {
      claimed = await dispatchOnce();
    } catch (error) {
      logger.error({ err: error }, "courier: dispatch round failed");
    }
    if (state !== "running") return;
    timer = setTimeout(tick, claimed >= settings.batch_size ? 0 : settings.poll_interval);
  }

  return {
    start(): void {
      if (state !== "idle") return;
      state = "running";
      timer = setTimeout(tick, 0);
    },
    stop(): Promise<void> {
      state = "stopped";
      clearTimeout(timer);
      stopped ??= Promise.allSettled([...inFlight]).then(() => transport.close());
      return stopped;
    },
    dispatchOnce,
  };
}
