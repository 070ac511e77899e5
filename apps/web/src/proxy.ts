// The request entry point (Next 16 "proxy", formerly middleware). In order:
// 1. The identity service's public paths are proxied to it, with the Cookie header normalized
//    (see lib/cookie-header.ts); nothing else is touched.
// 2. Language: an unprefixed page requested by someone who chose English goes to /en/...;
//    an explicit /de or /en prefix updates the remembered choice.
// 3. `?client=` is remembered in a cookie.
// 4. A flow screen without `?flow=` (and without `?error=`) starts its flow (303 to
//    /self-service/<flow>/browser).
// 5. next-intl maps the path to the [locale] segment.

import { type NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { FLOW_SCREENS, flowInitPath } from "./flows/init-url";
import { routing } from "./i18n/routing";
import { CLIENT_COOKIE, CLIENT_PARAM, clientCookie, parseClientName } from "./lib/client-name";
import { config as appConfig } from "./lib/config";
import { normalizeCookieHeader } from "./lib/cookie-header";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  localizePath,
  splitLocale,
} from "./lib/locale";

const IDENTITY_PATHS = ["/self-service/", "/sessions", "/.well-known/ory/", "/schemas/"];
const ONE_YEAR = 60 * 60 * 24 * 365;

// German stays the default whatever the browser's Accept-Language says (SPEC.md §1); the
// remembered choice is handled above next-intl, which only maps paths.
const intl = createMiddleware({
  ...routing,
  localeDetection: false,
  localeCookie: false,
  alternateLinks: false,
});

function isIdentityPath(pathname: string): boolean {
  return IDENTITY_PATHS.some(
    (prefix) => pathname === prefix.replace(/\/$/, "") || pathname.startsWith(prefix),
  );
}

/**
 * The identity service's public API on this origin, so that its cookies are first-party. The
 * target is read at run time (ORY_SDK_URL), so one build serves any identity service: rewrites
 * in next.config would be fixed at build time.
 */
function forwardToIdentity(request: NextRequest): NextResponse {
  const { pathname, search } = request.nextUrl;
  const target = new URL(`${pathname}${search}`, `${appConfig.orySdkUrl}/`);
  const cookie = request.headers.get("cookie");
  if (!cookie) return NextResponse.rewrite(target);
  const headers = new Headers(request.headers);
  headers.set("cookie", normalizeCookieHeader(cookie));
  return NextResponse.rewrite(target, { request: { headers } });
}

function withRemembered(
  response: NextResponse,
  request: NextRequest,
  locale: Locale | undefined,
): NextResponse {
  const secure = request.nextUrl.protocol === "https:";
  if (locale && request.cookies.get(LOCALE_COOKIE)?.value !== locale) {
    response.cookies.set(LOCALE_COOKIE, locale, {
      path: "/",
      maxAge: ONE_YEAR,
      sameSite: "lax",
      secure,
    });
  }
  const client = parseClientName(request.nextUrl.searchParams.get(CLIENT_PARAM));
  if (client && request.cookies.get(CLIENT_COOKIE)?.value !== client) {
    response.headers.append("set-cookie", clientCookie(client, secure));
  }
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname, searchParams } = request.nextUrl;
  if (isIdentityPath(pathname)) return forwardToIdentity(request);

  const { locale, path, prefixed } = splitLocale(pathname);
  const isPageRequest = request.method === "GET" || request.method === "HEAD";
  // The choice to remember: only an explicit prefix (the language switch links carry one).
  const chosen = prefixed ? locale : undefined;

  if (isPageRequest && !prefixed) {
    const remembered = request.cookies.get(LOCALE_COOKIE)?.value;
    if (isLocale(remembered) && remembered !== DEFAULT_LOCALE) {
      const url = request.nextUrl.clone();
      url.pathname = localizePath(remembered, path);
      return withRemembered(NextResponse.redirect(url, 303), request, undefined);
    }
  }

  // A screen root with `?error=` shows the error (and a way to start again) instead of
  // starting a flow: the identity service's redirect back would drop the error.
  const flow = FLOW_SCREENS[path];
  if (isPageRequest && flow && !searchParams.get("flow") && !searchParams.get("error")) {
    const init = flowInitPath(flow, searchParams, appConfig.publicBaseUrl);
    return withRemembered(NextResponse.redirect(new URL(init, request.url), 303), request, chosen);
  }

  return withRemembered(intl(request), request, chosen);
}

export const config = {
  // The identity service's paths, and every page: not Next's own assets, not /api routes, not
  // files with an extension (icons, robots.txt).
  matcher: [
    "/self-service/:path*",
    "/sessions/:path*",
    "/.well-known/ory/:path*",
    "/schemas/:path*",
    "/((?!api/|_next/|_vercel/|.*\\.[a-zA-Z0-9]+$).*)",
  ],
};
