// The browser's session as the identity service sees it (whoami with the browser's cookies).

import type { Session } from "@ory/client-fetch";
import { createIdentityClient } from "./identity.server";

/** The active session, or undefined when signed out (or the identity service is unreachable). */
export async function currentSession(): Promise<Session | undefined> {
  const client = await createIdentityClient();
  try {
    return await client.call((api) => api.toSession());
  } catch {
    return undefined;
  }
}
