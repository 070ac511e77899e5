import { inClientSpan } from "@moos/telemetry";
import type { Kysely } from "kysely";
import type { Config } from "../../config/config.ts";
import type { Database } from "../../persistence/sql/database.ts";
import {
  type CourierLogger,
  consoleLogger,
  createOutboxLoop,
  type Dispatcher,
  type OutboxLoopOptions,
  type RetryBackoff,
} from "../outbox-loop.ts";
import { createSmtpTransport } from "./smtp-transport.ts";

// Sends the outbox's emails over one pooled SMTP transport, in the shared outbox loop
// (outbox-loop.ts: leases, retries with backoff, abandoning after `max_attempts`).

export {
  type CourierLogger,
  type Dispatcher,
  type RetryBackoff,
  retryDelay,
} from "../outbox-loop.ts";

export interface DispatcherOptions {
  logger?: CourierLogger;
  retryBackoff?: RetryBackoff;
  onSendFailure?: OutboxLoopOptions["onSendFailure"];
}

// With the default 8 attempts: 5 s, 10 s, ... capped at 5 min, about 10 minutes in all, which
// is how long a code is valid by default. Later delivery would not help the customer.
const defaultBackoff: RetryBackoff = { initialMs: 5_000, maxMs: 5 * 60_000 };

export function createDispatcher(
  db: Kysely<Database>,
  config: Config["courier"],
  options: DispatcherOptions = {},
): Dispatcher {
  const logger = options.logger ?? consoleLogger;
  const { dispatcher: settings, smtp } = config;
  const transport = createSmtpTransport(smtp, {
    maxConnections: Math.min(settings.batch_size, 5),
  });
  // An 'error' event without a listener would throw and end the process.
  transport.on("error", (error) => logger.error({ err: error }, "courier: smtp transport error"));
  const messageIdDomain = smtp.from_address.split("@")[1] ?? "localhost";

  return createOutboxLoop({
    db,
    type: "email",
    pollIntervalMs: settings.poll_interval,
    leaseMs: settings.lease,
    batchSize: settings.batch_size,
    maxAttempts: settings.max_attempts,
    backoff: options.retryBackoff ?? defaultBackoff,
    logger,
    ...(options.onSendFailure ? { onSendFailure: options.onSendFailure } : {}),
    // A span of its own (nodemailer has no OpenTelemetry instrumentation): the SMTP server,
    // never the recipient.
    async send(message) {
      await inClientSpan("smtp send", smtpSpanAttributes(smtp.connection_uri, message.id), () =>
        transport.sendMail({
          from: { name: smtp.from_name, address: smtp.from_address },
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          html: message.html_body,
          // The same Message-ID on every attempt lets mail systems drop a duplicate delivery.
          messageId: `<${message.id}@${messageIdDomain}>`,
          // RFC 3834: tells vacation responders not to answer.
          headers: { "Auto-Submitted": "auto-generated" },
        }),
      );
    },
    close: () => transport.close(),
  });
}

function smtpSpanAttributes(
  connectionUri: string,
  messageId: string,
): Record<string, string | number> {
  // The URI was checked when the transport was made; its user and password stay out.
  const url = new URL(connectionUri);
  return {
    "server.address": url.hostname,
    "server.port": Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
    "moos.courier.message_id": messageId,
  };
}
