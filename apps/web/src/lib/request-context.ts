// What the web app decides once per request, in the proxy (src/proxy.ts), and hands on to
// pages, server actions and route handlers: the client's address, the request id and the
// scheme the client used.
//
// Next gives the app no trustworthy socket address (NextRequest has no `ip`, and its server
// only fills X-Forwarded-For when the client sent none, so a client's own header survives).
// The production entry, server.mjs, therefore writes the socket's peer into a header of its
// own (after removing every `x-moos-*` header a client sent) and names that header on
// globalThis. Started any other way (`next dev`, a bare `next start`), no peer is known: no
// address is forwarded and no incoming id is believed, which is safe, only less informative.
//
// The decisions travel to the rest of the app in `x-moos-*` request headers, which only the
// proxy writes; the identity service gets them as X-Forwarded-For, X-Forwarded-Proto and
// X-Request-Id.

import { clientAddress, type TrustedProxies } from "@moos/client-address";

/** Set by server.mjs to the name of the header that carries the socket's peer address. */
const PEER_HEADER_MARKER = Symbol.for("moos.web.peer-header");
/** The client's address as decided (absent when it is unknown). */
export const CLIENT_ADDRESS_HEADER = "x-moos-client-address";
export const REQUEST_ID_HEADER = "x-moos-request-id";
/** The prefix of the headers above, which a client must never get to set. */
export const PRIVATE_HEADER_PREFIX = "x-moos-";

// The identity service accepts the same shape (a plain token): anything else could forge log
// lines or split headers, and is replaced by a fresh id.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface RequestContext {
  /** The client's address; undefined when the server cannot know it (see above). */
  readonly clientAddress: string | undefined;
  readonly requestId: string;
  /** The scheme the client used, as far as it can be known (a trusted proxy says so). */
  readonly protocol: "http" | "https";
}

/** The socket's peer as server.mjs recorded it, or undefined without server.mjs. */
export function socketPeer(headers: Headers): string | undefined {
  const name = (globalThis as Record<symbol, unknown>)[PEER_HEADER_MARKER];
  if (typeof name !== "string") return undefined;
  return headers.get(name) ?? undefined;
}

function lastValue(header: string | null): string | undefined {
  return header?.split(",").at(-1)?.trim().toLowerCase() || undefined;
}

/** The proxy's decision for one incoming request. */
export function decideRequestContext(
  headers: Headers,
  trusted: TrustedProxies,
  newId: () => string = () => crypto.randomUUID(),
): RequestContext {
  const peer = socketPeer(headers);
  const fromTrustedProxy = peer !== undefined && trusted.has(peer);
  const givenId = headers.get("x-request-id");
  const proto = lastValue(headers.get("x-forwarded-proto"));
  return {
    clientAddress: clientAddress({ peer, forwardedFor: headers.get("x-forwarded-for") }, trusted),
    requestId: fromTrustedProxy && givenId && SANE_REQUEST_ID.test(givenId) ? givenId : newId(),
    // Our server speaks plain HTTP; only a trusted proxy in front can have terminated TLS.
    protocol: fromTrustedProxy && proto === "https" ? "https" : "http",
  };
}

/** The request headers the app's own routes get: the client's ones minus `x-moos-*`, plus the decision. */
export function withContextHeaders(incoming: Headers, context: RequestContext): Headers {
  const headers = withoutPrivateHeaders(incoming);
  if (context.clientAddress) headers.set(CLIENT_ADDRESS_HEADER, context.clientAddress);
  headers.set(REQUEST_ID_HEADER, context.requestId);
  headers.set("x-forwarded-proto", context.protocol);
  return headers;
}

/**
 * The request headers for the identity service behind the proxy: X-Forwarded-For is exactly
 * the decided client address (never the chain the client sent), nothing of `x-moos-*`.
 */
export function forwardedHeaders(incoming: Headers, context: RequestContext): Headers {
  const headers = withoutPrivateHeaders(incoming);
  if (context.clientAddress) headers.set("x-forwarded-for", context.clientAddress);
  else headers.delete("x-forwarded-for");
  headers.set("x-forwarded-proto", context.protocol);
  headers.set("x-request-id", context.requestId);
  return headers;
}

function withoutPrivateHeaders(incoming: Headers): Headers {
  const headers = new Headers(incoming);
  for (const name of [...headers.keys()]) {
    if (name.startsWith(PRIVATE_HEADER_PREFIX)) headers.delete(name);
  }
  return headers;
}

/**
 * The decision as pages, server actions and route handlers read it. A request the proxy did
 * not see (none that reaches the identity service) gets a fresh id and no address.
 */
export function requestContextOf(headers: Headers): RequestContext {
  return {
    clientAddress: headers.get(CLIENT_ADDRESS_HEADER) ?? undefined,
    requestId: headers.get(REQUEST_ID_HEADER) ?? crypto.randomUUID(),
    protocol: headers.get("x-forwarded-proto") === "https" ? "https" : "http",
  };
}
