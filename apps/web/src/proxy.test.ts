// @vitest-environment node
import { NextRequest, type NextRequest as NextRequestType, NextResponse } from "next/server";
import { describe, expect, it, vi } from "vitest";
import { proxy } from "./proxy";

// next-intl's middleware imports `next/server` the way bundlers resolve it, not Node; it is
// replaced by the part of its behaviour this app relies on: unprefixed paths are German.
vi.mock("next-intl/middleware", () => ({
  default: () => (request: NextRequestType) => {
    const { pathname, search } = request.nextUrl;
    const prefixed = /^\/(de|en)(\/|$)/.test(pathname);
    const target = prefixed ? pathname : `/de${pathname === "/" ? "" : pathname}`;
    return NextResponse.rewrite(new URL(`${target}${search}`, request.url));
  },
}));

function request(path: string, cookie?: string, method = "GET"): NextRequestType {
  return new NextRequest(`http://localhost:3000${path}`, {
    method,
    headers: cookie ? { cookie } : {},
  });
}

describe("proxy", () => {
  it("starts a flow for a screen without ?flow= (303, init parameters kept)", () => {
    const response = proxy(request("/login?return_to=https%3A%2F%2Fshop.example%2F&client=shop"));
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

  it("remembers English when a screen is opened under /en", () => {
    const response = proxy(request("/en/registration"));
    expect(response.headers.get("location")).toBe(
      "http://localhost:3000/self-service/registration/browser?return_to=http%3A%2F%2Flocalhost%3A3000%2Fapi%2Fredirect",
    );
    expect(response.cookies.get("NEXT_LOCALE")?.value).toBe("en");
  });

  it("sends the identity service's redirect back to the chosen language", () => {
    const response = proxy(request("/login?flow=f-1", "NEXT_LOCALE=en"));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/en/login?flow=f-1");
  });

  it("shows a screen root with ?error= instead of starting a flow", () => {
    const response = proxy(request("/login?error=security_csrf_violation"));
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-rewrite")).toBe(
      "http://localhost:3000/de/login?error=security_csrf_violation",
    );
  });

  it("maps pages with a flow to the locale segment", () => {
    expect(proxy(request("/verification?flow=v")).headers.get("x-middleware-rewrite")).toBe(
      "http://localhost:3000/de/verification?flow=v",
    );
    expect(
      proxy(request("/en/settings?flow=s", "NEXT_LOCALE=en")).headers.get("x-middleware-rewrite"),
    ).toBe("http://localhost:3000/en/settings?flow=s");
  });

  it("does not redirect form posts", () => {
    const response = proxy(request("/login?flow=f-1", "NEXT_LOCALE=en", "POST"));
    expect(response.status).toBe(200);
  });

  it("proxies the identity service's paths with the cookies it wrote", () => {
    const response = proxy(
      request("/self-service/login/browser?return_to=x", "csrf_token_a=ab%2B%3D; other=1"),
    );
    expect(response.headers.get("x-middleware-rewrite")).toBe(
      "http://127.0.0.1:4433/self-service/login/browser?return_to=x",
    );
    expect(response.headers.get("x-middleware-request-cookie")).toBe("csrf_token_a=ab+=; other=1");
    expect(proxy(request("/sessions/whoami")).headers.get("x-middleware-rewrite")).toBe(
      "http://127.0.0.1:4433/sessions/whoami",
    );
  });
});
