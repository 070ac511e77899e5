import type { Config } from "../../config/config.ts";
import type { OutboxKind } from "../kind.ts";
import { webhookSignature } from "./sign.ts";

// The shop's webhook deliveries (`webhooks.*`). Any 2xx answer is delivered; anything else, a
// timeout or a refused connection is retried with backoff until `webhooks.max_attempts`.

export function webhookKind(
  config: Readonly<Config>,
  options: { fetch?: typeof fetch } = {},
): OutboxKind {
  const { webhooks, courier } = config;
  const fetchFn = options.fetch ?? fetch;
  return {
    type: "webhook",
    label: "webhooks",
    policy: {
      // Twice the request timeout at least, so a slow endpoint's attempt ends inside its lease.
      leaseMs: Math.max(courier.dispatcher.lease, webhooks.timeout * 2),
      maxAttempts: webhooks.max_attempts,
      backoff: { initialMs: webhooks.retry_backoff.initial, maxMs: webhooks.retry_backoff.max },
      wakes: true,
    },
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
  };
}
