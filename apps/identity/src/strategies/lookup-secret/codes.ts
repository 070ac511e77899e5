import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Deps } from "../../deps/deps.ts";
import type { Identity } from "../../identity/identity.ts";

// Backup codes (Kratos's lookup_secret): 12 codes of 8 lower-case letters and digits (about 41
// bits each), shown once when generated and stored only as an HMAC keyed with the service
// secret, like email codes: a stolen table yields no usable code. Each works once.

export const codeCount = 12;
const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";

export interface StoredBackupCode {
  code_hash: string;
  used_at?: string;
}

/** Backup codes, Kratos's `lookup_secret` method. */
export function isLookupSecretEnabled(deps: Deps): boolean {
  return deps.config.selfservice.methods.lookup_secret.enabled;
}

export function newBackupCodes(): string[] {
  return Array.from({ length: codeCount }, () =>
    Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join(""),
  );
}

export function hashBackupCode(code: string, secret: string): string {
  return createHmac("sha256", secret).update(`lookup_secret:${code}`).digest("hex");
}

export function storedBackupCodes(identity: Pick<Identity, "credentials">): StoredBackupCode[] {
  const config = identity.credentials.find((c) => c.type === "lookup_secret")?.config;
  const codes = Array.isArray(config?.recovery_codes) ? config.recovery_codes : [];
  return codes.filter(
    (c): c is StoredBackupCode => typeof c?.code_hash === "string" && c.code_hash.length === 64,
  );
}

/** The stored entry the typed code matches (compared in constant time), if any. */
export function findBackupCode(
  codes: readonly StoredBackupCode[],
  typed: string,
  secret: string,
): StoredBackupCode | undefined {
  const candidate = Buffer.from(hashBackupCode(typed.trim().toLowerCase(), secret), "hex");
  return codes.find((c) => timingSafeEqual(Buffer.from(c.code_hash, "hex"), candidate));
}

export function setBackupCodes(identity: Identity, codes: StoredBackupCode[], now: Date): void {
  const existing = identity.credentials.find((c) => c.type === "lookup_secret");
  identity.credentials = identity.credentials.filter((c) => c.type !== "lookup_secret");
  identity.updated_at = now;
  if (codes.length === 0) return;
  identity.credentials.push({
    id: existing?.id ?? crypto.randomUUID(),
    type: "lookup_secret",
    identifiers: [identity.id],
    config: { recovery_codes: codes },
    version: 0,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  });
}
