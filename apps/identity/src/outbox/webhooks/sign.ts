import { createHmac } from "node:crypto";

/** `sha256=<hex HMAC-SHA256(secret, raw body)>`, the X-Moos-Signature header. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}
