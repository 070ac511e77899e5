import { createHash } from "node:crypto";
import type { Identity } from "../identity/identity.ts";
import type { AccountLock } from "./records.ts";

// The account's version (docs/console.md#changes): what the staff member saw when the page
// loaded, sent back with every change as `expected_version`. A digest of everything a change
// could be based on: traits, state, addresses, credentials (their kind, version and time, never
// their secrets' content), the newsletter status and the lock. Sessions are not in it: ending
// "all" of them ends the new ones too, which is what was meant.

export function accountVersion(identity: Identity, lock: AccountLock | undefined): string {
  const newsletter = (identity.metadata_admin?.newsletter as { status?: unknown } | undefined)
    ?.status;
  const seen = [
    identity.updated_at.toISOString(),
    identity.state,
    identity.traits,
    newsletter ?? null,
    identity.verifiable_addresses.map((a) => [a.value, a.verified, a.status]),
    identity.recovery_addresses.map((a) => a.value),
    identity.credentials
      .map((c) => [c.type, c.version, c.updated_at.toISOString(), c.identifiers])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    lock ? [lock.locked_at.toISOString(), lock.until?.toISOString() ?? null] : null,
  ];
  return createHash("sha256").update(JSON.stringify(seen)).digest("base64url").slice(0, 22);
}
