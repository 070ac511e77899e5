import type { Deps } from "../deps/deps.ts";
import { secretHash } from "../security/secret-hash.ts";

/**
 * How every limit keys what a customer typed (an email address, a login identifier) in the
 * database: the counters of the login throttle, of code emails and of migration emails per
 * address, and the failed sign-ins per day. HMAC-SHA256 under the service secret
 * (`secrets.default[0]`), not a bare SHA-256: an address is guessable, so hashing a list of
 * addresses would tell whoever reads the tables which of them were tried; without the secret
 * nobody can.
 *
 * The failed sign-ins were stored this way from the start, under this label, so their rows stay
 * readable. The counters were bare SHA-256 before: the ones stored then are no longer found and
 * simply expire with their window (the login throttle's, the longest, is a day), so those counts
 * start over once.
 */
export function identifierHash(deps: Deps, identifier: string): string {
  return secretHash(deps.config.secrets.default[0]!, "failed-sign-in", identifier);
}
