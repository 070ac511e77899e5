// What the console decides once per request, in the proxy (src/proxy.ts), and hands on to
// pages, server actions and route handlers: the staff member's address (for the audit and the
// rate limits) and the request id (the console API stores it with every audit entry).
//
// As in the web app (apps/web/src/lib/request-context.ts): Next gives no trustworthy socket
// address, so server.mjs removes every `x-moos-*` header a client sent and writes the socket's
// peer into one of its own, named on globalThis. Without server.mjs (`next dev`) no address is
// known and no incoming request id is believed.

import { clientAddress, type TrustedProxies } from "@moos/client-address";

/** Set by server.mjs to the name of the header that carries the socket's peer address. */
const PEER_HEADER_MARKER = Symbol.for("moos.console.peer-header");
export const CLIENT_ADDRESS_HEADER = "x-moos-client-address";
export const REQUEST_ID_HEADER = "x-moos-request-id";
/** The page's own path and query, for the language switch and the sign-in's way back. */
export const PAGE_URL_HEADER = "x-moos-page-url";
/** The prefix of the headers above, which a client must never get to set. */
export const PRIVATE_HEADER_PREFIX = "x-moos-";

// What the identity service accepts as a request id (consoleHeaders.requestId).
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface RequestContext {
  /** The client's address; undefined when the server cannot know it. */
  readonly clientAddress: string | undefined;
  readonly requestId: string;
}

export function socketPeer(headers: Headers): string | undefined {
  const name = (globalThis as Record<symbol, unknown>)[PEER_HEADER_MARKER];
  if (typeof name !== "string") return undefined;
  return headers.get(name) ?? undefined;
}

export function decideRequestContext(
  headers: Headers,
  trusted: TrustedProxies,
  newId: () => string = () => crypto.randomUUID(),
): RequestContext {
  const peer = socketPeer(headers);
  const fromTrustedProxy = peer !== undefined && trusted.has(peer);
  const givenId = headers.get("x-request-id");
  return {
    clientAddress: clientAddress({ peer, forwardedFor: headers.get("x-forwarded-for") }, trusted),
    requestId: fromTrustedProxy && givenId && SANE_REQUEST_ID.test(givenId) ? givenId : newId(),
  };
}

/** The request headers the app's routes get: the client's minus `x-moos-*`, plus the decision. */
export function withContextHeaders(incoming: Headers, context: RequestContext): Headers {
  const headers = new Headers(incoming);
  for (const name of [...headers.keys()]) {
    if (name.startsWith(PRIVATE_HEADER_PREFIX)) headers.delete(name);
  }
  if (context.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, context.clientAddress);
  headers.set(REQUEST_ID_HEADER, context.requestId);
  return headers;
}

/** The decision as pages, server actions and route handlers read it. */
export function requestContextOf(headers: Headers): RequestContext {
  return {
    clientAddress: headers.get(CLIENT_ADDRESS_HEADER) ?? undefined,
    requestId: headers.get(REQUEST_ID_HEADER) ?? crypto.randomUUID(),
  };
}
