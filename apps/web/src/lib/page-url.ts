// The page's own address (path and query), as the proxy saw it, for server components that
// Next gives no URL: the layout's language switch. Without JavaScript the switch's links are
// the server's rendering of its Suspense fallback (the live links, which read the URL in the
// browser, stream into a hidden element that only a script reveals), so the fallback must
// already point at this page, not at `/`.

import { PRIVATE_HEADER_PREFIX } from "./request-context";

/** Set by the proxy on every page request; a client's own `x-moos-*` headers never get through. */
export const PAGE_URL_HEADER = `${PRIVATE_HEADER_PREFIX}page-url`;

/** `/en/login?flow=1` as the proxy's header carries it -> its path and query (no `?`). */
export function parsePageUrl(value: string | null): { pathname: string; search: string } {
  if (!value?.startsWith("/") || value.startsWith("//")) return { pathname: "/", search: "" };
  const url = new URL(value, "http://page.invalid");
  return { pathname: url.pathname, search: url.searchParams.toString() };
}
