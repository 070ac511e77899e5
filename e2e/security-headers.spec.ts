// Security headers (docs/security.md#security-headers) on the login, registration and settings screens: a
// Content-Security-Policy with a fresh nonce that every script of the page carries, no
// 'unsafe-inline' for scripts, no framing, the referrer and permissions policies (WebAuthn
// allowed), nosniff, a request id. No policy violation is reported while the screens load and
// hydrate: the browser-errors guard (support/test.ts) fails the test on any.
// Over plain http (as here) there is no HSTS; over https see src/proxy.test.ts.

import type { Response } from "@playwright/test";
import { serviceSet } from "./support/services/service-set.ts";
import { signIn } from "./support/sign-in.ts";
import { expect, test } from "./support/test.ts";

/** The nonce of a page's policy, after checking the policy's shape. */
function expectPagePolicy(response: Response): string {
  const headers = response.headers();
  const policy = headers["content-security-policy"] ?? "";
  const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1];
  expect(nonce, policy).toBeDefined();
  // Scripts run only with the nonce (or loaded by one that has it): nothing inline, no eval.
  const scriptSources = policy
    .split("; ")
    .filter((directive) => directive.startsWith("script-src"));
  expect(scriptSources).toEqual([`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`]);
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("publickey-credentials-get=(self)");
  expect(headers["permissions-policy"]).toContain("publickey-credentials-create=(self)");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(headers["strict-transport-security"]).toBeUndefined();
  return nonce ?? "";
}

/** Every <script> the server rendered carries the page's nonce. */
async function expectScriptsCarry(response: Response, nonce: string): Promise<void> {
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
}

async function expectSecuredPage(response: Response | null): Promise<string> {
  if (!response) throw new Error("no response");
  const nonce = expectPagePolicy(response);
  await expectScriptsCarry(response, nonce);
  return nonce;
}

test.describe("security headers", () => {
  test("the login and registration screens: a fresh nonce on every script", async ({ page }) => {
    const login = await expectSecuredPage(await page.goto("/login"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const registration = await expectSecuredPage(await page.goto("/en/registration"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(registration).not.toBe(login);
  });

  test("the settings screen, signed in", async ({ page, screens, account }) => {
    await signIn(page, account);
    await screens.splash.open();
    await screens.splash.expectSignedIn(account.email);
    const response = await page.goto("/settings");
    await screens.settings.expectShown();
    await expectSecuredPage(response);
  });

  test("the identity service's API through the web app: its internal address stays inside", async ({
    request,
  }) => {
    const internal = new URL(serviceSet().identityPublicUrl).host;
    for (const path of ["/sessions/whoami", "/self-service/login/browser"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      const headers = response.headers();
      expect(headers["x-middleware-rewrite"], path).toBeUndefined();
      for (const [name, value] of Object.entries(headers))
        expect(value, `${path}: ${name}`).not.toContain(internal);
    }
  });

  test("static files: nosniff and the baseline policy", async ({ request }) => {
    const response = await request.get("/favicon.ico");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("precompressed scripts (server.mjs, not Next): the same headers, brotli", async ({
    page,
    request,
  }) => {
    const login = await page.goto("/login");
    const html = (await login?.text()) ?? "";
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, "a script of the login screen").toBeDefined();
    const response = await request.get(script ?? "", {
      headers: { "accept-encoding": "br, gzip" },
    });
    const headers = response.headers();
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("publickey-credentials-get=(self)");
  });
});
