import { createHmac } from "node:crypto";

/**
 * HMAC-SHA256 under the service secret, hex. Device cookies, link tokens, email change codes
 * and the identifiers of failed sign-ins are stored this way: a stolen table yields neither a
 * usable secret nor, for identifiers, a list of addresses to look up.
 */
export function secretHash(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("hex");
}
