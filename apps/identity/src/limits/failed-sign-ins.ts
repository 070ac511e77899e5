import type { FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { type Identity, normaliseIdentifier } from "../identity/identity.ts";
import { dayOf } from "../security/days.ts";
import type { FailedSignInDay } from "../security/records.ts";
import { originOf } from "../security/request-origin.ts";
import { identifierHash } from "./identifier-hash.ts";

// Failed sign-ins for the account activity, counted per identifier and day. They are kept by
// the identifier's HMAC (identifier-hash.ts), for every identifier typed, registered or not:
// the write is the same statement either way, so a failed sign-in costs the same for an unknown
// address as for a customer's (docs/security.md#no-timing-oracle), and the table tells no
// reader which addresses have accounts. An account's activity reads the rows of its own
// addresses. Rows of unknown identifiers are never read; the cleanup sweep drops every row past
// `security.activity.retention` (cleanup/sweep.ts).

export async function recordFailedSignIn(
  deps: Deps,
  request: FastifyRequest,
  identifier: string,
): Promise<void> {
  const now = deps.now();
  const origin = originOf(request);
  await deps.persistence.security.recordFailedSignIn({
    identifier_hash: identifierHash(deps, identifier),
    day: dayOf(now, deps.config.security.notices.time_zone),
    last_at: now,
    ip_address: origin.ip_address,
    user_agent: origin.user_agent,
  });
}

/** The identifiers a customer may have typed: login identifiers and email addresses. */
function identifiersOf(identity: Identity): string[] {
  const values = [
    ...identity.credentials.flatMap((c) =>
      c.type === "password" || c.type === "code" ? c.identifiers : [],
    ),
    ...identity.verifiable_addresses.map((a) => a.value),
    ...identity.recovery_addresses.map((a) => a.value),
  ].map(normaliseIdentifier);
  return [...new Set(values)];
}

/** The account's failed sign-ins since `since` (and since it exists), newest day first. */
export async function failedSignInsOf(
  deps: Deps,
  identity: Identity,
  since: Date,
): Promise<FailedSignInDay[]> {
  const zone = deps.config.security.notices.time_zone;
  const from = since > identity.created_at ? since : identity.created_at;
  const rows = await deps.persistence.security.listFailedSignIns(
    identifiersOf(identity).map((value) => identifierHash(deps, value)),
    dayOf(from, zone),
  );
  // An account with several addresses gets one row per address and day: the days merge.
  const byDay = new Map<string, FailedSignInDay>();
  for (const row of rows) {
    const seen = byDay.get(row.day);
    if (!seen) byDay.set(row.day, { ...row });
    else {
      seen.count += row.count;
      if (row.last_at > seen.last_at) Object.assign(seen, { ...row, count: seen.count });
    }
  }
  return [...byDay.values()].sort((a, b) => b.day.localeCompare(a.day));
}
