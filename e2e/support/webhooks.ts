// Reads what the test webhook receiver (webhook-receiver.mjs) got from the identity service.

import { services } from "./services/service-set.ts";

const WAIT_MS = 15_000;

export interface WebhookDelivery {
  readonly event: string | null;
  readonly delivery: string | null;
  readonly body: {
    readonly id: string;
    readonly type: string;
    readonly occurred_at: string;
    readonly data: Readonly<Record<string, unknown>>;
  };
}

async function deliveries(): Promise<WebhookDelivery[]> {
  const response = await fetch(`${services().webhookReceiverUrl}/events`);
  if (!response.ok) throw new Error(`webhook receiver answered ${response.status}`);
  return (await response.json()) as WebhookDelivery[];
}

/**
 * Waits for a delivery of `type` whose data matches `data` (every given key equal) and returns
 * the newest such one.
 */
export async function waitForWebhook(
  type: string,
  data: Readonly<Record<string, unknown>>,
): Promise<WebhookDelivery> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const found = (await deliveries()).filter(
      (item) =>
        item.body.type === type &&
        Object.entries(data).every(([key, value]) => item.body.data[key] === value),
    );
    const newest = found.at(-1);
    if (newest) return newest;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${type} webhook with ${JSON.stringify(data)} within ${WAIT_MS} ms`);
}
