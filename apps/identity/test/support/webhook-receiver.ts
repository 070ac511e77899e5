import { createServer, type Server } from "node:http";
import { freePort } from "./free-port.ts";

export interface ReceivedDelivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json: Record<string, unknown>;
}

export interface WebhookReceiver {
  url: string;
  /** Deliveries answered with 2xx. */
  received: ReceivedDelivery[];
  /** Every request, including the ones answered with an error. */
  attempts: ReceivedDelivery[];
  /** Waits until `count` deliveries arrived (the test's own timeout bounds it). */
  waitFor(count: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

/** A shop stand-in: records webhook POSTs; the first `failFirst` answer 500. */
export async function startWebhookReceiver(
  options: { failFirst?: number } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const attempts: ReceivedDelivery[] = [];
  let failures = options.failFirst ?? 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const delivery = { headers: request.headers, body, json: JSON.parse(body || "{}") };
      attempts.push(delivery);
      if (failures > 0) {
        failures--;
        response.writeHead(500).end("not now");
        return;
      }
      received.push(delivery);
      response.writeHead(204).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    attempts,
    async waitFor(count) {
      while (received.length < count) await new Promise((resolve) => setTimeout(resolve, 25));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
