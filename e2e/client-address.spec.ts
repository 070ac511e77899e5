// The client's address (docs/security.md#client-addresses-and-request-ids): the web app decides it from the socket and TRUSTED_PROXIES
// (none here: the browser is a client, see playwright.config.ts) and hands exactly that to the
// identity service. A browser that sends its own X-Forwarded-For and X-Request-Id changes
// neither the address recorded on its session nor the request id.

import { sessionAddresses } from "./support/identity-admin.ts";
import { expect, test } from "./support/test.ts";

const SPOOFED = "203.0.113.7";

test.describe("client address", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": SPOOFED, "X-Request-Id": "chosen-by-me" } });

  test("a sign-in records the browser's own address, not the one it claims", async ({
    screens,
    account,
  }) => {
    const { login, splash } = screens;
    await login.open();
    await login.logIn(account.email, account.password);
    await splash.expectSignedIn(account.email);

    const addresses = await sessionAddresses(account.email);
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).not.toBe(SPOOFED);
    // Playwright's browser reaches the app over loopback, IPv4 or IPv6.
    expect(["127.0.0.1", "::1"]).toContain(addresses[0]);
  });

  test("a client's request id is replaced by the app's own", async ({ page }) => {
    const response = await page.goto("/");
    const requestId = response?.headers()["x-request-id"];
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(requestId).not.toBe("chosen-by-me");
  });
});
