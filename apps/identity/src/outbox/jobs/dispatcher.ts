import type { Kysely } from "kysely";
import type { Config } from "../../config/config.ts";
import type { Database } from "../../persistence/sql/database.ts";
import {
  type CourierLogger,
  consoleLogger,
  createOutboxLoop,
  type Dispatcher,
  type OutboxLoopOptions,
} from "../email/index.ts";
import type { JobHandler, JobKind } from "./job.ts";

// Runs the outbox's jobs in the courier's loop: same poll interval, lease, batch size and
// retries as emails, so a job taken by an instance that dies is run by another.

export function createJobDispatcher(
  db: Kysely<Database>,
  config: Readonly<Config>,
  options: {
    handlers: Readonly<Record<JobKind, JobHandler>>;
    logger?: CourierLogger;
    onSendFailure?: OutboxLoopOptions["onSendFailure"];
  },
): Dispatcher {
  const { dispatcher } = config.courier;
  return createOutboxLoop({
    db,
    type: "job",
    pollIntervalMs: dispatcher.poll_interval,
    leaseMs: dispatcher.lease,
    batchSize: dispatcher.batch_size,
    maxAttempts: dispatcher.max_attempts,
    backoff: { initialMs: 1_000, maxMs: 60_000 },
    logger: options.logger ?? consoleLogger,
    ...(options.onSendFailure ? { onSendFailure: options.onSendFailure } : {}),
    async send(message) {
      const handler = (options.handlers as Record<string, JobHandler | undefined>)[
        message.template_type
      ];
      if (!handler) throw new Error(`no handler for job "${message.template_type}"`);
      await handler(JSON.parse(message.body) as Record<string, unknown>);
    },
  });
}
