import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { CodeRecord } from "../../persistence/persistence.ts";

// Email codes: six digits from the CSPRNG, stored only as an HMAC keyed with the service
// secret (a stolen table yields no codes), compared in constant time, single use.

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export function hashCode(code: string, secret: string): string {
  return createHmac("sha256", secret).update(code).digest("hex");
}

export function findMatchingCode(
  codes: CodeRecord[],
  code: string,
  secret: string,
): CodeRecord | undefined {
  if (!/^[0-9]{6}$/.test(code)) return undefined;
  const candidate = Buffer.from(hashCode(code, secret), "hex");
  return codes.find((c) => timingSafeEqual(Buffer.from(c.code_hash, "hex"), candidate));
}
