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
import { webhookSignature } from "./sign.ts";

// Delivers the outbox's webhook rows in the courier's loop (same leases, so a delivery taken
// by an instance that dies is retried by another). Any 2xx answer is delivered; anything else,
// a timeout or a refused connection is retried with backoff until `max_attempts`.

export function createWebhookDispatcher(
  db: Kysely<Database>,
  config: Readonly<Config>,
  options: {
    fetch?: typeof fetch;
    logger?: CourierLogger;
    onSendFailure?: OutboxLoopOptions["onSendFailure"];
  } = {},
): Dispatcher {
  const { webhooks, courier } = config;
  const fetchFn = options.fetch ?? fetch;
  return createOutboxLoop({
    db,
    type: "webhook",
    pollIntervalMs: courier.dispatcher.poll_interval,
    leaseMs: Math.max(courier.dispatcher.lease, webhooks.timeout * 2),
    batchSize: courier.dispatcher.batch_size,
    maxAttempts: webhooks.max_attempts,
    backoff: { initialMs: webhooks.retry_backoff.initial, maxMs: webhooks.retry_backoff.max },
    logger: options.logger ?? consoleLogger,
    ...(options.onSendFailure ? { onSendFailure: options.onSendFailure } : {}),
    async send(message) {
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "user-agent": "moos-identity-webhooks",
        "x-moos-event": message.template_type,
        "x-moos-delivery": message.id,
      };
      if (webhooks.secret)
        headers["x-moos-signature"] = webhookSignature(webhooks.secret, message.body);
      const response = await fetchFn(message.recipient, {
        method: "POST",
        headers,
        body: message.body,
        redirect: "manual",
        signal: AbortSignal.timeout(webhooks.timeout),
      });
      // Read the answer so the connection can be reused; its content does not matter.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status > 299) {
        throw new Error(`the endpoint answered ${response.status}`);
      }
    },
  });
}
