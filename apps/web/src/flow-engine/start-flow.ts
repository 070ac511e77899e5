// Starting a flow without sending the browser round the identity service (docs/web-app.md). A screen
// opened without `?flow=` used to answer 303 to `/self-service/<flow>/browser`, which the
// identity service answered with another 303 back to the screen: two redirects before the page
// (three for an English screen, whose flow came back unprefixed). On a slow phone each is a round
// trip before anything shows. The proxy now asks for the flow itself, through Ory's SDK as a
// server-side UI does (`Accept: application/json`, the browser's cookies, address and request
// id), relays the identity service's Set-Cookie (the flow's CSRF cookie) and answers one 303
// straight to the screen with `?flow=`.
//
// Whenever the answer is not a plain new flow (someone already signed in, an AAL that needs a
// first factor, the service unreachable), the caller falls back to the browser redirect, so
// the identity service decides those cases for browsers exactly as before. While the identity
// service is briefly unavailable (503, its database away) there is nothing to decide: the
// screen says so and offers to try again (`unavailable`). Not started here:
// settings (a session is needed, and its sub-screens come back through a cookie) and a
// partner's sign-in (`login_challenge`: the provider may accept a signed-in browser at once).

import { type BrowserContext, IdentityClient, IdentityError } from "../lib/identity-client";
import { type FlowName, isUnavailable } from "./flow-error";

const STARTED_IN_PLACE: ReadonlySet<FlowName> = new Set([
  "login",
  "registration",
  "recovery",
  "verification",
]);

/** Whether the proxy starts this screen's flow itself (otherwise the browser is redirected). */
export function startsInPlace(flow: FlowName, query: URLSearchParams): boolean {
  return STARTED_IN_PLACE.has(flow) && !query.has("login_challenge");
}

export interface StartedFlow {
  readonly id: string;
  /** The identity service's Set-Cookie headers, for the browser. */
  readonly setCookies: readonly string[];
}

export interface StartFlowOptions {
  readonly baseUrl: string;
  readonly browser: BrowserContext;
  readonly requestId: string;
  /** For tests; defaults to the global fetch. */
  readonly fetch?: typeof fetch;
}

/**
 * A new browser flow; "unavailable" when the identity service said it is briefly unavailable;
 * undefined when it answered anything else.
 */
export async function startBrowserFlow(
  flow: FlowName,
  initQuery: URLSearchParams,
  options: StartFlowOptions,
): Promise<StartedFlow | "unavailable" | undefined> {
  const client = new IdentityClient(options);
  try {
    const body = await client.get<{ id?: unknown } | undefined>(`/self-service/${flow}/browser`, {
      query: Object.fromEntries(initQuery),
    });
    if (typeof body?.id !== "string" || body.id === "") return undefined;
    return { id: body.id, setCookies: [...client.setCookies] };
  } catch (error) {
    return error instanceof IdentityError && isUnavailable(error) ? "unavailable" : undefined;
  }
}
