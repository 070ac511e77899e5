import { inClientSpan } from "@moos/telemetry";
import type { Config } from "../../config/config.ts";
import type { OutboxKind, OutboxLogger, RetryBackoff } from "../kind.ts";
import { createSmtpTransport } from "./smtp-transport.ts";

// The outbox's emails, sent over one pooled SMTP transport with the `courier.dispatcher.*`
// settings: its lease and `max_attempts`.

// With the default 8 attempts: 5 s, 10 s, ... capped at 5 min, about 10 minutes in all, which
// is how long a code is valid by default. Later delivery would not help the customer.
const defaultBackoff: RetryBackoff = { initialMs: 5_000, maxMs: 5 * 60_000 };

export function emailKind(
  config: Config["courier"],
  options: { logger: OutboxLogger; retryBackoff?: RetryBackoff },
): OutboxKind {
  const { logger } = options;
  const { dispatcher: settings, smtp } = config;
  const transport = createSmtpTransport(smtp, {
    maxConnections: Math.min(settings.batch_size, 5),
  });
  // An 'error' event without a listener would throw and end the process.
  transport.on("error", (error) => logger.error({ err: error }, "courier: smtp transport error"));
  const messageIdDomain = smtp.from_address.split("@")[1] ?? "localhost";

  return {
    type: "email",
    label: "courier",
    policy: {
      leaseMs: settings.lease,
      maxAttempts: settings.max_attempts,
      backoff: options.retryBackoff ?? defaultBackoff,
      // A code is waited for: it leaves as soon as it is written.
      wakes: true,
    },
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
  };
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
