import type { Config } from "../../../config/config.ts";
import type { Persistence } from "../../../persistence/persistence.ts";
import { createOutboxDispatcher, type OutboxDispatcher } from "../../dispatcher.ts";
import type { OutboxLogger, RetryBackoff } from "../../kind.ts";
import { emailKind } from "../email-kind.ts";

/** Courier settings for tests: short lease and poll interval, the given SMTP server. */
export function testCourierConfig(
  smtpUrl: string,
  dispatcher: Partial<Config["courier"]["dispatcher"]> = {},
): Config["courier"] {
  return {
    smtp: { connection_uri: smtpUrl, from_address: "no-reply@moos.test", from_name: "Moos" },
    dispatcher: {
      enabled: true,
      poll_interval: 20,
      lease: 5_000,
      max_attempts: 5,
      batch_size: 10,
      ...dispatcher,
    },
  };
}

export interface RecordingLogger extends OutboxLogger {
  lines: { level: "info" | "warn" | "error"; message: string; details: object }[];
}

/** Keeps log lines for assertions instead of printing them. */
export function recordingLogger(): RecordingLogger {
  const lines: RecordingLogger["lines"] = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: "info", message, details }),
    warn: (details, message) => lines.push({ level: "warn", message, details }),
    error: (details, message) => lines.push({ level: "error", message, details }),
  };
}

/** The outbox's dispatcher with the email kind alone, sending to the configured SMTP server. */
export function emailDispatcher(
  persistence: Persistence,
  courier: Config["courier"],
  options: { logger: OutboxLogger; retryBackoff?: RetryBackoff },
): OutboxDispatcher {
  return createOutboxDispatcher({
    outbox: persistence.outbox,
    kinds: [emailKind(courier, options)],
    pollIntervalMs: courier.dispatcher.poll_interval,
    batchSize: courier.dispatcher.batch_size,
    logger: options.logger,
  });
}
