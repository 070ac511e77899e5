// The request entry point (Next 16 "proxy"). In order:
// 0. The request's context (lib/request-context.ts): the client's address (trusted proxies)
//    and the request id, echoed on every answer.
// 1. Route handlers (/auth, /api): rate limits per address (lib/rate-limit.ts), the context in
//    request headers; they do the rest.
// 2. Pages and server actions: rate limits per signed-in staff member (else per address).
// 3. Pages: the staff session (lib/staff-session.ts) is read; an active one is sealed again with
//    the new "last seen" time (the 30-minute idle timeout counts from the last request) and
//    handed to the page in a request header only this proxy writes; without one, every page
//    but the sign-in screen sends the browser there, saying why the session ended. Then a
//    Content-Security-Policy with a fresh nonce, and next-intl maps the path to [locale].

import { NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import { localizedHref, splitLocale } from "./i18n/locales";
import { routing } from "./i18n/routing";
import { config as appConfig } from "./lib/config";
import { RateLimiter, type RateLimitKind } from "./lib/rate-limit";
import {
  decideRequestContext,
  PAGE_URL_HEADER,
  type RequestContext,
  withContextHeaders,
} from "./lib/request-context";
import { contentSecurityPolicy, newNonce, STRICT_TRANSPORT_SECURITY } from "./lib/security-headers";
import { SESSION_HEADER, toSessionHeader } from "./lib/session-header";
import {
  clearCookie,
  cookieOptions,
  readSession,
  type SessionVerdict,
  sealSession,
  sessionCookieName,
  sessionEndsAt,
} from "./lib/staff-session";

const intl = createMiddleware(routing);
const limiter = new RateLimiter();

/** Screens that need no sign-in. */
const PUBLIC_SCREENS = new Set(["/sign-in"]);

function rateLimitKind(request: NextRequest): RateLimitKind {
  const { pathname } = request.nextUrl;
  if (pathname === "/auth/login" || pathname === "/auth/callback") return "auth";
  return request.method === "GET" || request.method === "HEAD" ? "page" : "change";
}

function withResponseHeaders(
  response: NextResponse,
  context: RequestContext,
  policy?: string,
): NextResponse {
  response.headers.set("x-request-id", context.requestId);
  if (policy) response.headers.set("content-security-policy", policy);
  if (appConfig().https)
    response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

function tooManyRequests(retryAfterSeconds: number, path: string): NextResponse {
  const english = splitLocale(path).locale === "en";
  return new NextResponse(
    english
      ? "Too many requests. Please wait a minute and try again."
      : "Zu viele Anfragen. Warte bitte eine Minute und versuche es dann noch einmal.",
    {
      status: 429,
      headers: {
        "retry-after": String(retryAfterSeconds),
        "content-type": "text/plain; charset=utf-8",
        "cache-control": "no-store",
      },
    },
  );
}

/** A redirect to a path of this console, on its public origin (not on whatever Host was sent). */
function redirectTo(path: string): NextResponse {
  return NextResponse.redirect(new URL(path, `${appConfig().publicBaseUrl}/`), 303);
}

async function routePage(
  request: NextRequest,
  verdict: SessionVerdict,
  headers: Headers,
): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const { locale, path } = splitLocale(pathname);
  const { https, sessionSecrets } = appConfig();
  const cookieName = sessionCookieName(https);
  if (verdict.kind !== "active") {
    if (!PUBLIC_SCREENS.has(path)) {
      const isPage = request.method === "GET" || request.method === "HEAD";
      const target = localizedHref(locale, "/sign-in", {
        return_to: isPage ? `${pathname}${search}` : undefined,
        reason: verdict.kind === "ended" ? verdict.why : undefined,
      });
      const response = redirectTo(target);
      if (verdict.kind === "ended") clearCookie(response, cookieName, https);
      return response;
    }
    const page = new NextRequest(request.url, { method: request.method, headers });
    const response = intl(page);
    if (verdict.kind === "ended") clearCookie(response, cookieName, https);
    return response;
  }
  const now = Math.floor(Date.now() / 1000);
  const session = { ...verdict.session, seenAt: now };
  headers.set(SESSION_HEADER, toSessionHeader(session));
  const page = new NextRequest(request.url, { method: request.method, headers });
  const response = intl(page);
  response.cookies.set(
    cookieName,
    await sealSession(session, sessionSecrets),
    cookieOptions(https, sessionEndsAt(session) - now),
  );
  return response;
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const { trustedProxies, sessionSecrets, https, oidc, accountUrl } = appConfig();
  const context = decideRequestContext(request.headers, trustedProxies);
  const { pathname, search } = request.nextUrl;
  const headers = withContextHeaders(request.headers, context);
  if (pathname.startsWith("/auth/") || pathname.startsWith("/api/")) {
    const rate = limiter.take(rateLimitKind(request), context.clientAddress);
    if (!rate.allowed) {
      return withResponseHeaders(tooManyRequests(rate.retryAfterSeconds, pathname), context);
    }
    return withResponseHeaders(NextResponse.next({ request: { headers } }), context);
  }
  const verdict = await readSession(
    request.cookies.get(sessionCookieName(https))?.value,
    sessionSecrets,
    Math.floor(Date.now() / 1000),
  );
  // Signed in, each staff member counts apart (several may share an office's address).
  const rate = limiter.take(
    rateLimitKind(request),
    verdict.kind === "active" ? `staff:${verdict.session.sub}` : context.clientAddress,
  );
  if (!rate.allowed) {
    return withResponseHeaders(tooManyRequests(rate.retryAfterSeconds, pathname), context);
  }
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    https,
    logoutOrigins: [new URL(oidc.issuer).origin, new URL(accountUrl).origin],
  });
  headers.set("content-security-policy", policy);
  headers.set(PAGE_URL_HEADER, `${pathname}${search}`);
  const response = await routePage(request, verdict, headers);
  return withResponseHeaders(response, context, policy);
}

export const config = {
  // Route handlers and every page: not Next's own assets, not files with an extension.
  matcher: ["/((?!_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
