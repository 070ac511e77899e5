// What a staff member searched for, carried in the results page's address sealed (encrypted
// and bound to their session, 30 minutes): an email address or a name in a URL would end up in
// every access log on the way (nginx logs the whole request line) and in the browser history.
// The audit records only the kind of search, never its text (packages/contract's console API).

import { config } from "../../lib/config";
import { seal, unseal } from "../../lib/sealed-cookie";

const SEARCH_LIFETIME_SECONDS = 30 * 60;
export const MAX_SEARCH_LENGTH = 320;

export function sealSearch(query: string, sid: string): Promise<string> {
  return seal(
    { q: query, sid },
    {
      secrets: config().sessionSecrets,
      purpose: "search",
      expiresAt: Math.floor(Date.now() / 1000) + SEARCH_LIFETIME_SECONDS,
    },
  );
}

/** The query, or undefined when the token is not this session's or has expired. */
export async function unsealSearch(token: string, sid: string): Promise<string | undefined> {
  const unsealed = await unseal(token, { secrets: config().sessionSecrets, purpose: "search" });
  if (!unsealed || unsealed.expired || unsealed.payload.sid !== sid) return undefined;
  return typeof unsealed.payload.q === "string" ? unsealed.payload.q : undefined;
}
