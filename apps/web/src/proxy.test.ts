// @vitest-environment node
import { NextRequest, type NextRequest as NextRequestType, NextResponse } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { proxy } from "./proxy";

// next-intl's middleware imports `next/server` the way bundlers resolve it, not Node; it is
// replaced by the part of its behaviour this app relies on: unprefixed paths are German, and
// the request's headers go on to the page (plus its locale header).
vi.mock("next-intl/middleware", () => ({
  default: () => (request: NextRequestType) => {
    const { pathname, search } = request.nextUrl;
    const prefixed = /^\/(de|en)(\/|$)/.test(pathname);
    const target = prefixed ? pathname : `/de${pathname === "/" ? "" : pathname}`;
    const headers = new Headers(request.headers);
    headers.set("x-next-intl-locale", target.slice(1, 3));
    return NextResponse.rewrite(new URL(`${target}${search}`, request.url), {
      request: { headers },
    });
  },
}));

function request(
  path: string,
  cookie?: string,
  method = "GET",
  headers: Record<string, string> = {},
): NextRequestType {
  return new NextRequest(`http://localhost:3000${path}`, {
    method,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

/** What a request header will be for the route behind the proxy (Next's override headers). */
function forwarded(response: NextResponse, name: string): string | null {
  return response.headers.get(`x-middleware-request-${name}`);
}

const PEER_MARKER = Symbol.for("moos.web.peer-header");
const globals = globalThis as Record<symbol, unknown>;

/** A request as server.mjs hands it on: the socket's peer in x-moos-peer. */
function fromPeer(
  peer: string,
  path: string,
  headers: Record<string, string> = {},
): NextRequestType {
  globals[PEER_MARKER] = "x-moos-peer";
  return request(path, undefined, "GET", { ...headers, "x-moos-peer": peer });
}

// The proxy asks the identity service for new flows (flow-engine/start-flow.ts); unless a test says
// otherwise, no identity service answers, and the proxy falls back to the browser redirect.
const identityFetch = vi.fn<typeof fetch>();
beforeEach(() => {
  identityFetch.mockReset();
  identityFetch.mockRejectedValue(new TypeError("fetch failed"));
  vi.stubGlobal("fetch", identityFetch);
});

/** The identity service answers the next call with `status` and this JSON body. */
function identityAnswers(status: number, body: unknown, setCookie?: string): void {
  const headers = new Headers({ "content-type": "application/json" });
  if (setCookie) headers.append("set-cookie", setCookie);
  identityFetch.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete globals[PEER_MARKER];
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("proxy", () => {
  it("starts a flow through the identity service's browser endpoint when it cannot itself (303, init parameters kept)", async () => {
    const response = await proxy(
      request("/login?return_to=https%3A%2F%2Fshop.example%2F&client=shop"),
    );
    expect(response.status).toBe(303);
    // A sign-in returns through /api/redirect (the newsletter question), then to return_to.
    const gate = "http://localhost:3000/api/redirect?return_to=https%3A%2F%2Fshop.example%2F";
    expect(response.headers.get("location")).toBe(
      `http://localhost:3000/self-service/login/browser?${new URLSearchParams({ return_to: gate })}`,
    );
    expect(response.headers.getSetCookie()).toContain(
      "moos_client=shop; Path=/; Max-Age=31536000; SameSite=Lax",
    );
  });

  it("remembers English when a screen is opened under /en", async () => {
    const response = await proxy(request("/en/registration"));
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/self-service/registration/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fredirect",
    );
    expect(response.cookies.get("NEXT_LOCALE")?.value).toBe("en");
  });

  it("sends the identity service's redirect back to the chosen language", async () => {
    const response = await proxy(request("/login?flow=f-1", "NEXT_LOCALE=en"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/en/login?flow=f-1");
  });

  it("keeps German URLs German after English was chosen; the choice picks only `/`", async () => {
    const login = await proxy(request("/login", "NEXT_LOCALE=en"));
    expect(login.headers.get("location")).toBe(
      "http://localhost:3000/self-service/login/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fredirect",
    );
    // The flow started in German: the identity service's redirect back comes back German.
    expect(login.cookies.get("NEXT_LOCALE")?.value).toBe("de");
    expect(
      (await proxy(request("/settings/delete", "NEXT_LOCALE=en"))).headers.get("location"),
    ).toBeNull();
    expect((await proxy(request("/", "NEXT_LOCALE=en"))).headers.get("location")).toBe(
      "http://localhost:3000/en",
    );
  });

  it("sends a security notice's link to the chosen language", async () => {
    const response = await proxy(
      request("/security/undo-email-change?token=t-1", "NEXT_LOCALE=en"),
    );
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/en/security/undo-email-change?token=t-1",
    );
  });

  it("sends the emailed link to User migration to the chosen language", async () => {
    const response = await proxy(request("/migration?flow=r-1", "NEXT_LOCALE=en"));
    expect(response.headers.get("location")).toBe("http://localhost:3000/en/migration?flow=r-1");
  });

  it("sends the OpenID provider's consent and logout screens to the chosen language", async () => {
    const consent = await proxy(request("/consent?consent_challenge=c-1", "NEXT_LOCALE=en"));
    expect(consent.headers.get("location")).toBe(
      "http://localhost:3000/en/consent?consent_challenge=c-1",
    );
    const logout = await proxy(request("/logout?logout_challenge=l-1", "NEXT_LOCALE=en"));
    expect(logout.headers.get("location")).toBe(
      "http://localhost:3000/en/logout?logout_challenge=l-1",
    );
  });

  it("leaves a partner's sign-in at an unprefixed URL to the partner's ui_locales", async () => {
    const response = await proxy(request("/login?login_challenge=c-1"));
    expect(response.status).toBe(303);
    expect(response.cookies.get("NEXT_LOCALE")).toBeUndefined();
    expect(
      (await proxy(request("/en/login?login_challenge=c-1"))).cookies.get("NEXT_LOCALE")?.value,
    ).toBe("en");
  });

  it("starts a login flow itself: one 303 straight to the screen, the CSRF cookie relayed", async () => {
    const csrf = "csrf_token_a=t0k; Max-Age=31536000; Path=/; HttpOnly; SameSite=Lax";
    identityAnswers(200, { id: "f-9", type: "browser" }, csrf);
    const response = await proxy(
      fromPeer("198.51.100.4", "/en/login?return_to=https%3A%2F%2Fshop.example%2F&client=shop", {
        cookie: "ory_session=s; other=1",
        "user-agent": "Phone",
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/en/login?flow=f-9");
    expect(response.headers.getSetCookie()).toContain(csrf);
    expect(response.cookies.get("NEXT_LOCALE")?.value).toBe("en");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("moos_client=shop;"))).toBe(
      true,
    );
    expect(identityFetch).toHaveBeenCalledTimes(1);
    const [url, init] = identityFetch.mock.calls[0] as [string, RequestInit];
    const gate = "http://localhost:3000/api/redirect?return_to=https%3A%2F%2Fshop.example%2F";
    expect(url).toBe(
      `http://127.0.0.1:4433/self-service/login/browser?${new URLSearchParams({ return_to: gate })}`,
    );
    const sent = new Headers(init.headers);
    expect(sent.get("accept")).toBe("application/json");
    expect(sent.get("cookie")).toBe("ory_session=s; other=1");
    expect(sent.get("x-forwarded-for")).toBe("198.51.100.4");
    expect(sent.get("user-agent")).toBe("Phone");
    expect(sent.get("x-request-id")).toBe(response.headers.get("x-request-id"));
  });

  it("starts a German registration at the unprefixed screen", async () => {
    identityAnswers(200, { id: "r-1" });
    const response = await proxy(request("/registration", "NEXT_LOCALE=en"));
    expect(response.headers.get("location")).toBe("http://localhost:3000/registration?flow=r-1");
    expect(response.cookies.get("NEXT_LOCALE")?.value).toBe("de");
  });

  it("leaves anything but a new flow to the browser redirect (signed in: the service decides)", async () => {
    identityAnswers(400, { error: { id: "session_already_available", code: 400 } });
    const response = await proxy(request("/login", "ory_session=s"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/self-service/login/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fredirect",
    );
    expect(response.headers.getSetCookie().some((c) => c.startsWith("csrf_token"))).toBe(false);
  });

  it("does not start settings, a partner's sign-in or a HEAD request itself", async () => {
    const settings = await proxy(request("/settings"));
    expect(settings.headers.get("location")).toContain("/self-service/settings/browser");
    const partner = await proxy(request("/login?login_challenge=c-1"));
    expect(partner.headers.get("location")).toContain("/self-service/login/browser");
    const head = await proxy(request("/login", undefined, "HEAD"));
    expect(head.headers.get("location")).toContain("/self-service/login/browser");
    expect(identityFetch).not.toHaveBeenCalled();
  });

  it("takes a settings deep link to its screen once the flow is there", async () => {
    const start = await proxy(request("/en/settings/two-factor", "NEXT_LOCALE=en"));
    expect(start.headers.get("location")).toContain("/self-service/settings/browser");
    expect(start.cookies.get("moos_settings_screen")?.value).toBe("/settings/two-factor");
    const back = await proxy(
      request("/settings?flow=s-1", "NEXT_LOCALE=en; moos_settings_screen=/settings/two-factor"),
    );
    expect(back.headers.get("location")).toBe("http://localhost:3000/en/settings?flow=s-1");
    const there = await proxy(
      request("/en/settings?flow=s-1", "NEXT_LOCALE=en; moos_settings_screen=/settings/two-factor"),
    );
    expect(there.headers.get("location")).toBe(
      "http://localhost:3000/en/settings/two-factor?flow=s-1",
    );
    expect(there.cookies.get("moos_settings_screen")?.value).toBe("");
    const elsewhere = await proxy(
      request("/settings?flow=s-2", "moos_settings_screen=https://evil.example"),
    );
    expect(elsewhere.headers.get("location")).toBeNull();
  });

  it("keeps the address typed at login for the recovery screen, once, and nothing else", async () => {
    const start = await proxy(request("/en/recovery?email=anna%40example.com"));
    expect(start.headers.get("location")).toContain("/self-service/recovery/browser");
    expect(start.headers.get("location")).not.toContain("anna");
    expect(start.cookies.get("moos_recovery_email")?.value).toBe("anna@example.com");
    // The identity service's redirect back is unprefixed: on to English, the address kept.
    const back = await proxy(
      request("/recovery?flow=r-1", "NEXT_LOCALE=en; moos_recovery_email=anna@example.com"),
    );
    expect(back.headers.get("location")).toBe("http://localhost:3000/en/recovery?flow=r-1");
    expect(back.cookies.get("moos_recovery_email")).toBeUndefined();
    const there = await proxy(
      request("/en/recovery?flow=r-1", "NEXT_LOCALE=en; moos_recovery_email=anna@example.com"),
    );
    expect(forwarded(there, "x-moos-recovery-email")).toBe("anna@example.com");
    expect(there.cookies.get("moos_recovery_email")?.value).toBe("");
    // Not an address: neither kept nor handed on; a client cannot send the header itself.
    expect(
      (await proxy(request("/recovery?email=%3Cb%3E"))).cookies.get("moos_recovery_email"),
    ).toBe(undefined);
    const forged = await proxy(
      request("/recovery?flow=r-2", undefined, "GET", { "x-moos-recovery-email": "x@example.com" }),
    );
    expect(forwarded(forged, "x-moos-recovery-email")).toBeNull();
    // Only the recovery screen gets it.
    const login = await proxy(request("/login?flow=l-1", "moos_recovery_email=anna@example.com"));
    expect(forwarded(login, "x-moos-recovery-email")).toBeNull();
  });

  it("keeps the address meant by a typo hint for settings, once", async () => {
    const start = await proxy(request("/settings?email=anna%40gmail.com"));
    expect(start.headers.get("location")).toContain("/self-service/settings/browser");
    expect(start.cookies.get("moos_recovery_email")?.value).toBe("anna@gmail.com");
    const there = await proxy(request("/settings?flow=s-1", "moos_recovery_email=anna@gmail.com"));
    expect(forwarded(there, "x-moos-recovery-email")).toBe("anna@gmail.com");
    expect(there.cookies.get("moos_recovery_email")?.value).toBe("");
    // Not for a settings sub-screen, nor for registration.
    const password = await proxy(
      request("/settings/password?flow=s-1", "moos_recovery_email=anna@gmail.com"),
    );
    expect(forwarded(password, "x-moos-recovery-email")).toBeNull();
    expect(
      (await proxy(request("/registration?email=anna%40gmail.com"))).cookies.get(
        "moos_recovery_email",
      ),
    ).toBe(undefined);
  });

  it("a recovery started in place keeps the typed address and the identity service's cookie", async () => {
    identityAnswers(200, { id: "r-9" }, "csrf_token_a=t0k; Path=/; HttpOnly; SameSite=Lax");
    const start = await proxy(request("/en/recovery?email=anna%40example.com"));
    expect(start.headers.get("location")).toBe("http://localhost:3000/en/recovery?flow=r-9");
    expect(start.cookies.get("moos_recovery_email")?.value).toBe("anna@example.com");
    expect(start.headers.getSetCookie()).toContain(
      "csrf_token_a=t0k; Path=/; HttpOnly; SameSite=Lax",
    );
  });

  it("tells the page its own address (the language switch without JavaScript)", async () => {
    const response = await proxy(request("/en/registration?flow=f-1"));
    expect(forwarded(response, "x-moos-page-url")).toBe("/en/registration?flow=f-1");
  });

  it("shows a screen root with ?error= instead of starting a flow", async () => {
    const response = await proxy(request("/login?error=security_csrf_violation"));
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-rewrite")).toBe(
      "http://localhost:3000/de/login?error=security_csrf_violation",
    );
  });

  it("maps pages with a flow to the locale segment", async () => {
    expect((await proxy(request("/verification?flow=v"))).headers.get("x-middleware-rewrite")).toBe(
      "http://localhost:3000/de/verification?flow=v",
    );
    expect(
      (await proxy(request("/en/settings?flow=s", "NEXT_LOCALE=en"))).headers.get(
        "x-middleware-rewrite",
      ),
    ).toBe("http://localhost:3000/en/settings?flow=s");
  });

  it("does not redirect form posts", async () => {
    const response = await proxy(request("/login?flow=f-1", "NEXT_LOCALE=en", "POST"));
    expect(response.status).toBe(200);
  });

  it("proxies the identity service's paths with the cookies it wrote", async () => {
    const response = await proxy(
      request("/self-service/login/browser?return_to=x", "csrf_token_a=ab%2B%3D; other=1"),
    );
    expect(response.headers.get("x-middleware-rewrite")).toBe(
      "http://127.0.0.1:4433/self-service/login/browser?return_to=x",
    );
    expect(response.headers.get("x-middleware-request-cookie")).toBe("csrf_token_a=ab+=; other=1");
    expect((await proxy(request("/sessions/whoami"))).headers.get("x-middleware-rewrite")).toBe(
      "http://127.0.0.1:4433/sessions/whoami",
    );
  });

  it("gives the identity service the decided client address, not the one a client claims", async () => {
    const spoofed = { "x-forwarded-for": "203.0.113.7", "x-request-id": "chosen-by-client" };
    const response = await proxy(fromPeer("198.51.100.4", "/self-service/login/browser", spoofed));
    expect(forwarded(response, "x-forwarded-for")).toBe("198.51.100.4");
    expect(forwarded(response, "x-forwarded-proto")).toBe("http");
    const requestId = forwarded(response, "x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("x-request-id")).toBe(requestId);
    expect(forwarded(response, "x-moos-peer")).toBeNull();
  });

  it("believes the proxy in front of it (loopback by default)", async () => {
    const chain = {
      "x-forwarded-for": "203.0.113.7, 198.51.100.4",
      "x-request-id": "nginx-0af3",
      "x-forwarded-proto": "https",
    };
    const response = await proxy(fromPeer("127.0.0.1", "/sessions/whoami", chain));
    expect(forwarded(response, "x-forwarded-for")).toBe("198.51.100.4");
    expect(forwarded(response, "x-forwarded-proto")).toBe("https");
    expect(forwarded(response, "x-request-id")).toBe("nginx-0af3");
    expect(response.headers.get("x-request-id")).toBe("nginx-0af3");
  });

  it("forwards no address it does not know (started without server.mjs)", async () => {
    const response = await proxy(
      request("/self-service/login/browser", undefined, "GET", {
        "x-forwarded-for": "203.0.113.7",
        "x-moos-peer": "203.0.113.7",
      }),
    );
    expect(response.headers.get("x-middleware-override-headers")).not.toContain("x-forwarded-for");
    expect(forwarded(response, "x-forwarded-for")).toBeNull();
  });

  it("hands pages and server actions the decision in x-moos-* headers", async () => {
    const response = await proxy(
      fromPeer("198.51.100.4", "/login?flow=f-1", {
        "x-forwarded-for": "203.0.113.7",
        "x-moos-client-address": "203.0.113.7",
      }),
    );
    expect(forwarded(response, "x-moos-client-address")).toBe("198.51.100.4");
    expect(forwarded(response, "x-moos-request-id")).toBe(response.headers.get("x-request-id"));
  });

  it("hands route handlers the decision and leaves them otherwise alone", async () => {
    const response = await proxy(fromPeer("198.51.100.4", "/api/redirect?return_to=x"));
    expect(response.headers.get("x-middleware-rewrite")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(forwarded(response, "x-moos-client-address")).toBe("198.51.100.4");
    expect(response.headers.get("content-security-policy")).toBeNull();
  });

  it("sends every page a policy with a fresh nonce, which Next reads from the request", async () => {
    const first = await proxy(request("/login?flow=f-1"));
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toHaveLength(24);
    expect(policy.split("; ").find((directive) => directive.startsWith("script-src"))).toBe(
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    );
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).not.toContain("form-action");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(forwarded(first, "content-security-policy")).toBe(policy);
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const second = (await proxy(request("/login?flow=f-1"))).headers.get("content-security-policy");
    expect(second).not.toBe(policy);
    // Redirects are pages too.
    expect((await proxy(request("/login"))).headers.get("content-security-policy")).toContain(
      "nonce-",
    );
  });
});

describe("proxy behind https (PUBLIC_BASE_URL https://...)", () => {
  async function httpsProxy(): Promise<typeof proxy> {
    vi.stubEnv("PUBLIC_BASE_URL", "https://konto.moos.de");
    vi.resetModules();
    return (await import("./proxy")).proxy;
  }

  it("sends HSTS and upgrades insecure requests", async () => {
    const response = await (await httpsProxy())(request("/login?flow=f-1"));
    expect(response.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("writes and reads its cookies as Secure __Host- cookies", async () => {
    const secureProxy = await httpsProxy();
    const chosen = await secureProxy(request("/en/registration?client=shop"));
    expect(chosen.cookies.get("__Host-NEXT_LOCALE")).toMatchObject({
      value: "en",
      path: "/",
      secure: true,
    });
    expect(chosen.cookies.get("NEXT_LOCALE")).toBeUndefined();
    expect(chosen.headers.getSetCookie()).toContain(
      "__Host-moos_client=shop; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    const remembered = await secureProxy(request("/login?flow=f-1", "__Host-NEXT_LOCALE=en"));
    expect(remembered.headers.get("location")).toBe("https://konto.moos.de/en/login?flow=f-1");
    // The plain name is not read over https (it could have been planted from a subdomain).
    const planted = await secureProxy(request("/login?flow=f-1", "NEXT_LOCALE=en"));
    expect(planted.headers.get("location")).toBeNull();
  });
});
