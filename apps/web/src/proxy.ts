// The request entry point (Next 16 "proxy", formerly middleware). In order:
// 0. The request's context is decided once (lib/request-context.ts): the client's address
//    (TRUSTED_PROXIES), the request id, the scheme. Every answer echoes the id.
// 1. The identity service's public paths are proxied to it, with the Cookie header normalized
//    (see lib/cookie-header.ts) and X-Forwarded-For / X-Forwarded-Proto / X-Request-Id set to
//    that decision, never to what the client sent.
// 2. Route handlers (/api) get the decision in request headers and are otherwise untouched.
// 3. Pages get a Content-Security-Policy with a fresh nonce (lib/security-headers.ts), then:
//    language: `/` or an identity service redirect (unprefixed) requested by someone who chose
//    English goes to /en/... (followsRememberedLocale); other unprefixed pages stay German;
//    an explicit /de or /en prefix updates the remembered choice; `?client=` is remembered in
//    a cookie; a flow screen without `?flow=` (and without `?error=`) starts its flow (one 303 to
//    the screen with the flow the proxy asked for, else to /self-service/<flow>/browser:
//    flow-engine/start-flow.ts); next-intl maps the path to the [locale] segment.

import { log } from "@moos/telemetry/log";
import { NextRequest, NextResponse } from "next/server";
import createMiddleware from "next-intl/middleware";
import type { FlowName } from "./flow-engine/flow-error";
import { FLOW_SCREENS, flowInitPath, flowInitQuery } from "./flow-engine/init-url";
import {
  isSettingsSubScreen,
  SETTINGS_SCREEN_COOKIE_MAX_AGE,
  settingsScreenCookieName,
} from "./flow-engine/settings-deep-link";
import { startBrowserFlow, startsInPlace } from "./flow-engine/start-flow";
import { routing } from "./i18n/routing";
import { CLIENT_PARAM, clientCookie, clientCookieName, parseClientName } from "./lib/client-name";
import { config as appConfig } from "./lib/config";
import { normalizeCookieHeader } from "./lib/cookie-header";
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  localeCookieName,
  localizePath,
  splitLocale,
} from "./lib/locale";
import { PAGE_URL_HEADER } from "./lib/page-url";
import {
  decideRequestContext,
  forwardedHeaders,
  type RequestContext,
  socketPeer,
  withContextHeaders,
} from "./lib/request-context";
import { contentSecurityPolicy, newNonce, STRICT_TRANSPORT_SECURITY } from "./lib/security-headers";
import {
  RECOVERY_EMAIL_COOKIE_MAX_AGE,
  RECOVERY_EMAIL_HEADER,
  RECOVERY_EMAIL_PARAM,
  recoveryEmail,
  recoveryEmailCookieName,
} from "./screens/recovery/recovery-email";

// `/.well-known/webauthn`: the related origins (docs/sign-in-methods.md#one-passkey-for-the-shop-and-the-account),
// which browsers fetch from the RP id's host, usually this app's.
const IDENTITY_PATHS = [
  "/self-service/",
  "/sessions",
  "/.well-known/ory/",
  "/.well-known/webauthn",
  "/schemas/",
];
const ONE_YEAR = 60 * 60 * 24 * 365;
const LOCALE_COOKIE = localeCookieName(appConfig.https);
const CLIENT_COOKIE = clientCookieName(appConfig.https);
const SETTINGS_SCREEN_COOKIE = settingsScreenCookieName(appConfig.https);
const RECOVERY_EMAIL_COOKIE = recoveryEmailCookieName(appConfig.https);
/** The error reporting service, when configured: the browser SDK sends there. */
const REPORTING_ORIGINS = appConfig.sentry ? [new URL(appConfig.sentry.dsn).origin] : [];

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

let warnedNoPeer = false;
/** Once per process: without server.mjs the app cannot know client addresses. */
function warnIfNoPeer(request: NextRequest, context: RequestContext): void {
  if (warnedNoPeer || socketPeer(request.headers) !== undefined) return;
  warnedNoPeer = true;
  log("warn", "client addresses are unknown: start the web app with server.mjs", {
    request_id: context.requestId,
  });
}

/**
 * The identity service's public API on this origin, so that its cookies are first-party. The
 * target is read at run time (ORY_SDK_URL), so one build serves any identity service: rewrites
 * in next.config would be fixed at build time.
 */
function forwardToIdentity(request: NextRequest, context: RequestContext): NextResponse {
  const { pathname, search } = request.nextUrl;
  const target = new URL(`${pathname}${search}`, `${appConfig.orySdkUrl}/`);
  const headers = forwardedHeaders(request.headers, context);
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", normalizeCookieHeader(cookie));
  return NextResponse.rewrite(target, { request: { headers } });
}

function withRemembered(
  response: NextResponse,
  request: NextRequest,
  locale: Locale | undefined,
): NextResponse {
  const secure = appConfig.https;
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

/**
 * A cookie that carries something across one trip through the identity service (a settings
 * sub-screen, the address for recovery): HttpOnly, for `maxAge` seconds.
 */
function keepBriefly(response: NextResponse, name: string, value: string, maxAge: number): void {
  response.cookies.set(name, value, {
    path: "/",
    maxAge,
    sameSite: "lax",
    httpOnly: true,
    secure: appConfig.https,
  });
}

/** Clears a cookie kept by keepBriefly once its value has been used. */
function forgetKept(response: NextResponse, name: string): void {
  response.cookies.set(name, "", { path: "/", maxAge: 0, secure: appConfig.https });
}

/** A redirect to a path of this app, on its public origin (not on whatever Host was sent). */
function redirectTo(path: string): NextResponse {
  return NextResponse.redirect(new URL(path, `${appConfig.publicBaseUrl}/`), 303);
}

/**
 * The language follows the URL: `/login` is German whatever was chosen before. The remembered
 * choice only picks the language of `/` and of the addresses the identity service redirects to,
 * which only know the unprefixed UI URLs (a flow screen with `?flow=`, `/error?id=`, the
 * security notices' links with `?token=`, the emailed link to User migration, the OpenID
 * provider's consent and logout screens): without it, a customer who started in English would
 * be switched to German in the middle of a flow.
 */
export function followsRememberedLocale(path: string, query: URLSearchParams): boolean {
  if (path === "/") return true;
  if (FLOW_SCREENS[path] && query.has("flow")) return true;
  if (SECURITY_LINK_SCREENS.has(path) && query.has("token")) return true;
  // The emailed way to User migration (selfservice.flows.recovery.migration_ui_url).
  if (path === "/migration" && query.has("flow")) return true;
  if (path === "/consent" && query.has("consent_challenge")) return true;
  if (path === "/logout" && query.has("logout_challenge")) return true;
  return path === "/error" && query.has("id");
}

/** The screens the identity service's security notices link to (security.*.ui_url). */
const SECURITY_LINK_SCREENS = new Set(["/security/not-me", "/security/undo-email-change"]);

/**
 * The answer that starts a screen's flow: one 303 straight to the screen with the new flow
 * (the identity service asked server-side, flow-engine/start-flow.ts) where that works, else the 303
 * to the identity service's browser endpoint, which redirects back to the screen.
 */
async function startFlow(
  request: NextRequest,
  context: RequestContext,
  flow: FlowName,
  screen: string,
): Promise<{ response: NextResponse; setCookies: readonly string[] }> {
  const { searchParams } = request.nextUrl;
  if (request.method === "GET" && startsInPlace(flow, searchParams)) {
    const started = await startBrowserFlow(
      flow,
      flowInitQuery(flow, searchParams, appConfig.publicBaseUrl),
      {
        baseUrl: appConfig.orySdkUrl,
        requestId: context.requestId,
        browser: {
          cookie: request.headers.get("cookie"),
          userAgent: request.headers.get("user-agent"),
          clientAddress: context.clientAddress,
          acceptLanguage: request.headers.get("accept-language"),
        },
      },
    );
    if (started === "unavailable") {
      // The screen says so and offers to start again with the same parameters.
      const query = new URLSearchParams(searchParams);
      query.set("error", "service_unavailable");
      return { response: redirectTo(`${screen}?${query}`), setCookies: [] };
    }
    if (started) {
      const response = redirectTo(`${screen}?${new URLSearchParams({ flow: started.id })}`);
      return { response, setCookies: started.setCookies };
    }
  }
  return {
    response: redirectTo(flowInitPath(flow, searchParams, appConfig.publicBaseUrl)),
    setCookies: [],
  };
}

/** A page: the language, the client, the start of a flow, next-intl's mapping. */
async function routePage(request: NextRequest, context: RequestContext): Promise<NextResponse> {
  const { pathname, searchParams, search } = request.nextUrl;
  const { locale, path, prefixed } = splitLocale(pathname);
  const isPageRequest = request.method === "GET" || request.method === "HEAD";
  // The choice to remember: only an explicit prefix (the language switch links carry one).
  const chosen = prefixed ? locale : undefined;

  if (isPageRequest && !prefixed && followsRememberedLocale(path, searchParams)) {
    const remembered = request.cookies.get(LOCALE_COOKIE)?.value;
    if (isLocale(remembered) && remembered !== DEFAULT_LOCALE) {
      const target = redirectTo(`${localizePath(remembered, path)}${search}`);
      return withRemembered(target, request, undefined);
    }
  }

  // A screen root with `?error=` shows the error (and a way to start again) instead of
  // starting a flow: the identity service's redirect back would drop the error.
  const flow = FLOW_SCREENS[path];
  if (isPageRequest && flow && !searchParams.get("flow") && !searchParams.get("error")) {
    // The flow's language is the URL's: the identity service's redirect back (unprefixed,
    // with ?flow=) reads it from the remembered choice, so a German start stays German; a flow
    // started here goes straight to the screen in that language.
    // A partner's sign-in (login_challenge) at an unprefixed URL chose no language: the
    // client's ui_locales may still pick one (flow-engine/oauth2/client-language.server.ts).
    const started = prefixed || !searchParams.has("login_challenge") ? locale : undefined;
    const screen = localizePath(started ?? DEFAULT_LOCALE, path);
    const start = await startFlow(request, context, flow, screen);
    const response = withRemembered(start.response, request, started);
    // A settings sub-screen: come back to it, not to /settings (flow-engine/settings-deep-link.ts).
    if (isSettingsSubScreen(path)) {
      keepBriefly(response, SETTINGS_SCREEN_COOKIE, path, SETTINGS_SCREEN_COOKIE_MAX_AGE);
    }
    // "Passwort vergessen?" with the address typed at login, and the typo hint's address meant
    // for recovery or a new address in settings (screens/recovery/recovery-email.ts).
    const email = carriesEmail(path)
      ? recoveryEmail(searchParams.get(RECOVERY_EMAIL_PARAM))
      : undefined;
    if (email) keepBriefly(response, RECOVERY_EMAIL_COOKIE, email, RECOVERY_EMAIL_COOKIE_MAX_AGE);
    // Last and unchanged: setting a cookie through response.cookies rewrites every Set-Cookie
    // header from Next's own parse, which would re-encode the identity service's values.
    for (const cookie of start.setCookies) response.headers.append("set-cookie", cookie);
    return response;
  }
  const subScreen = request.cookies.get(SETTINGS_SCREEN_COOKIE)?.value;
  if (isPageRequest && path === "/settings" && searchParams.get("flow") && subScreen) {
    const response = isSettingsSubScreen(subScreen)
      ? withRemembered(redirectTo(`${localizePath(locale, subScreen)}${search}`), request, chosen)
      : withRemembered(intl(request), request, chosen);
    forgetKept(response, SETTINGS_SCREEN_COOKIE);
    return response;
  }

  return withRemembered(intl(request), request, chosen);
}

/** The screens that start with an address given in `?email=` (recovery-email.ts). */
function carriesEmail(path: string): boolean {
  return path === "/recovery" || path === "/settings";
}

/**
 * The address kept for the recovery or settings flow coming back from the identity service
 * (`/recovery` or `/settings` with `?flow=`): handed to the screen once, then the cookie is
 * cleared.
 */
function recoveryEmailArriving(request: NextRequest): string | undefined {
  const { path } = splitLocale(request.nextUrl.pathname);
  if (!carriesEmail(path) || !request.nextUrl.searchParams.get("flow")) return undefined;
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  return recoveryEmail(request.cookies.get(RECOVERY_EMAIL_COOKIE)?.value);
}

function withResponseHeaders(
  response: NextResponse,
  context: RequestContext,
  policy?: string,
): NextResponse {
  response.headers.set("x-request-id", context.requestId);
  if (policy) response.headers.set("content-security-policy", policy);
  if (appConfig.https) response.headers.set("strict-transport-security", STRICT_TRANSPORT_SECURITY);
  return response;
}

export async function proxy(request: NextRequest): Promise<NextResponse> {
  const context = decideRequestContext(request.headers, appConfig.trustedProxies);
  warnIfNoPeer(request, context);
  const { pathname } = request.nextUrl;
  if (isIdentityPath(pathname)) {
    return withResponseHeaders(forwardToIdentity(request, context), context);
  }
  const headers = withContextHeaders(request.headers, context);
  if (pathname.startsWith("/api/")) {
    return withResponseHeaders(NextResponse.next({ request: { headers } }), context);
  }
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  const policy = contentSecurityPolicy({
    nonce: newNonce(),
    https: appConfig.https,
    connectTo: REPORTING_ORIGINS,
  });
  headers.set("content-security-policy", policy);
  // The layout's language switch links to this page without JavaScript (lib/page-url.ts).
  headers.set(PAGE_URL_HEADER, `${pathname}${request.nextUrl.search}`);
  const email = recoveryEmailArriving(request);
  if (email) headers.set(RECOVERY_EMAIL_HEADER, email);
  // Without a body: only the headers, cookies and URL are read from here on; Next keeps the
  // original request (and its body) for the page or server action.
  const page = new NextRequest(request.url, { method: request.method, headers });
  const response = await routePage(page, context);
  // Cleared once the screen shows, not on a redirect on the way (the remembered language).
  const isRedirect = response.headers.has("location");
  if (email !== undefined && !isRedirect) forgetKept(response, RECOVERY_EMAIL_COOKIE);
  return withResponseHeaders(response, context, policy);
}

export const config = {
  // The identity service's paths, route handlers and every page: not Next's own assets, not
  // files with an extension (icons, robots.txt).
  matcher: [
    "/self-service/:path*",
    "/sessions/:path*",
    "/.well-known/ory/:path*",
    "/schemas/:path*",
    "/((?!_next/|_vercel/|.*\\.[a-zA-Z0-9]+$).*)",
  ],
};
