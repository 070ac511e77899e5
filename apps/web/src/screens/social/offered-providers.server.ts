// The providers the splash offers. The splash shows no flow, so it asks the identity service
// which providers a login flow has (its oidc buttons) and remembers the answer for a minute:
// providers change only with the identity service's configuration, and the splash should not
// create a flow for every visitor. When asking fails, the last list the service gave stands in
// for a few seconds (a busy or restarting service must not take the buttons away); only before
// any answer does the splash show none meanwhile.

import type { UiNode } from "@ory/client-fetch";
import { filterNodesByGroups } from "../../flow-engine/filter-nodes";
import { config } from "../../lib/config";
import { IdentityClient } from "../../lib/identity-client";
import { reportError } from "../../lib/report-error";
import { currentRequestId } from "../../lib/request-context.server";

const TTL_MS = 60_000;
const FAILURE_TTL_MS = 5_000;

let cached: { readonly nodes: Promise<UiNode[]>; readonly until: number } | undefined;
let lastAnswer: UiNode[] = [];

async function fetchProviderNodes(): Promise<UiNode[]> {
  // No browser's cookies or address: the flow is only read for its buttons, never shown. The
  // request id is that of the visit that found the cache empty.
  const client = new IdentityClient({
    baseUrl: config.orySdkUrl,
    requestId: await currentRequestId(),
  });
  try {
    const flow = await client.call((api) => api.createBrowserLoginFlow());
    lastAnswer = filterNodesByGroups(flow.ui.nodes, {
      groups: ["oidc"],
      withoutDefaultGroup: true,
    });
    return lastAnswer;
  } catch (error) {
    await reportError(error, { part: "splash providers" });
    cached = { nodes: Promise.resolve(lastAnswer), until: Date.now() + FAILURE_TTL_MS };
    return lastAnswer;
  }
}

/** The oidc button nodes of a new login flow (labels 1010002), cached. */
export function offeredProviderNodes(): Promise<UiNode[]> {
  const now = Date.now();
  if (!cached || cached.until <= now) {
    cached = { nodes: fetchProviderNodes(), until: now + TTL_MS };
  }
  return cached.nodes;
}
