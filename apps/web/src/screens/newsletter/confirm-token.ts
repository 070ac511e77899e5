// The token in the newsletter confirmation link: `<identity id>.<random>`. The identity id
// says whose record to check (no lookup table needed); the random part (32 bytes, base64url)
// is the secret, of which the record keeps only the SHA-256, so a leaked metadata_admin cannot
// confirm anything. Compared in constant time; single use, because confirming clears `pending`.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { ConsentRecord } from "./consent";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface NewToken {
  readonly token: string;
  readonly sha256: string;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function newConfirmToken(identityId: string): NewToken {
  const secret = randomBytes(32).toString("base64url");
  return { token: `${identityId}.${secret}`, sha256: sha256Hex(secret) };
}

/** The identity id and secret of a well-formed token, else undefined. */
export function parseConfirmToken(
  token: string | undefined,
): { readonly identityId: string; readonly secret: string } | undefined {
  if (!token) return undefined;
  const dot = token.indexOf(".");
  const identityId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 0 || !UUID.test(identityId) || !SECRET.test(secret)) return undefined;
  return { identityId, secret };
}

export type TokenCheck = "valid" | "invalid" | "expired";

/** Checks a token's secret against the record's pending confirmation. */
export function checkConfirmToken(
  record: ConsentRecord | undefined,
  secret: string,
  now: Date,
): TokenCheck {
  const pending = record?.status === "pending" ? record.pending : null;
  if (!pending) return "invalid";
  const expected = Buffer.from(pending.token_sha256, "hex");
  const actual = Buffer.from(sha256Hex(secret), "hex");
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return "invalid";
  return now.getTime() < Date.parse(pending.expires_at) ? "valid" : "expired";
}
