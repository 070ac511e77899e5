import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { expectSchema } from "../support/openapi.ts";
import {
  body,
  createAccount,
  failure,
  request,
  signInBrowser,
  signInNative,
  uniqueEmail,
} from "./account-helpers.ts";

let h: Harness;
const afterLogout = "http://localhost:3000/signed-out";
beforeAll(async () => {
  h = await startHarness({
    selfservice: { flows: { logout: { after: { default_browser_return_url: afterLogout } } } },
  });
});
afterAll(async () => h?.close());

const sessionCookie = "ory_kratos_session";

describe("browser logout", () => {
  it("answers 401 session_inactive without a session", async () => {
    const { status, json } = await failure(h.browser().api.createBrowserLogoutFlow());
    expect(status).toBe(401);
    expectSchema("errorGeneric", json);
    expect(json.error.id).toBe("session_inactive");
  });

  it("creates a logout URL and token, then logs out over JSON (204) and ends the cookie", async () => {
    const email = uniqueEmail("logout-json");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const returnTo = "http://localhost:3000/bye";
    const { json } = await body(browser.api.createBrowserLogoutFlowRaw({ returnTo }), "logoutFlow");
    expect(json.logout_token).toMatch(/^ory_lo_[A-Za-z0-9]{32}$/);
    const url = new URL(json.logout_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.publicUrl}/self-service/logout`);
    expect(url.searchParams.get("token")).toBe(json.logout_token);
    expect(url.searchParams.get("return_to")).toBe(returnTo);

    const done = await browser.api.updateLogoutFlowRaw({ token: json.logout_token, returnTo });
    expect(done.raw.status).toBe(204);
    expect(browser.jar.cookies.has(sessionCookie)).toBe(false);
    expect((await failure(browser.api.toSession())).status).toBe(401);
  });

  it("redirects browsers (303) to return_to, else to logout.after.default_browser_return_url", async () => {
    const email = uniqueEmail("logout-html");
    await createAccount(h, email);
    for (const returnTo of ["http://localhost:3000/bye", undefined]) {
      const browser = await signInBrowser(h, email);
      const flow = await browser.api.createBrowserLogoutFlow(returnTo ? { returnTo } : {});
      const response = await request(browser, flow.logout_url, {
        accept: "text/html,application/xhtml+xml",
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(returnTo ?? afterLogout);
      expect(browser.jar.cookies.has(sessionCookie)).toBe(false);
    }
  });

  it("refuses a forbidden return_to, a bad token (403) and another browser's token (403)", async () => {
    const email = uniqueEmail("logout-bad");
    await createAccount(h, email);
    const browser = await signInBrowser(h, email);
    const forbidden = await failure(
      browser.api.createBrowserLogoutFlow({ returnTo: "https://evil.example.org/" }),
    );
    expect(forbidden.status).toBe(400);
    expect(forbidden.json.error.id).toBe("self_service_flow_return_to_forbidden");

    const bad = await failure(browser.api.updateLogoutFlow({ token: "ory_lo_wrong" }));
    expect(bad.status).toBe(403);
    expectSchema("errorGeneric", bad.json);
    const missing = await request(browser, `${h.publicUrl}/self-service/logout`);
    expect(missing.status).toBe(400);

    const other = uniqueEmail("logout-other");
    await createAccount(h, other);
    const otherBrowser = await signInBrowser(h, other);
    const { logout_token: token } = await browser.api.createBrowserLogoutFlow();
    expect((await failure(otherBrowser.api.updateLogoutFlow({ token }))).status).toBe(403);
    expect((await browser.api.toSession()).active).toBe(true);
    expect((await otherBrowser.api.toSession()).active).toBe(true);
  });
});

describe("native logout", () => {
  it("revokes the session token (204); unknown tokens get 403, a missing one 400", async () => {
    const email = uniqueEmail("logout-native");
    await createAccount(h, email);
    const token = await signInNative(h, email);
    const api = h.native();
    const done = await api.performNativeLogoutRaw({
      performNativeLogoutBody: { session_token: token },
    });
    expect(done.raw.status).toBe(204);
    expect((await failure(api.toSession({ xSessionToken: token }))).status).toBe(401);

    const unknown = await failure(
      api.performNativeLogout({ performNativeLogoutBody: { session_token: "ory_st_unknown" } }),
    );
    expect(unknown.status).toBe(403);
    expectSchema("errorGeneric", unknown.json);
    const response = await fetch(`${h.publicUrl}/self-service/logout/api`, {
      method: "DELETE",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(400);
  });
});
