import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "../support/harness.ts";
import { createAccount, signInBrowser, uniqueEmail } from "./account-helpers.ts";

// docs/security.md#cookies-behind-https: behind https, host-only cookies for the whole site are `__Host-` prefixed and every
// answer carries HSTS. (The harness itself speaks http; only the public base URL says https,
// which is what decides: TLS ends at the proxy in front.)

let secure: Harness;
let withDomain: Harness;
let plain: Harness;
beforeAll(async () => {
  [secure, withDomain, plain] = await Promise.all([
    startHarness({ serve: { public: { base_url: "https://shop.example/" } } }),
    startHarness({
      serve: { public: { base_url: "https://shop.example/" } },
      cookies: { domain: "shop.example" },
    }),
    startHarness(),
  ]);
});
afterAll(async () => Promise.all([secure?.close(), withDomain?.close(), plain?.close()]));

async function csrfSetCookie(h: Harness): Promise<string> {
  const response = await fetch(`${h.publicUrl}/self-service/login/browser`, {
    headers: { accept: "application/json" },
  });
  expect(response.status).toBe(200);
  const line = response.headers.getSetCookie().find((c) => /csrf_token_/.test(c));
  if (!line) throw new Error("no CSRF cookie was set");
  return line;
}

describe("cookies behind https", () => {
  it("names the CSRF cookie __Host- and marks it Secure, host-only, Path=/", async () => {
    const line = await csrfSetCookie(secure);
    expect(line).toMatch(/^__Host-csrf_token_[0-9a-f]{64}=/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Domain=/i);
  });

  it("issues and reads the session cookie under its __Host- name", async () => {
    const email = uniqueEmail("host-prefix");
    await createAccount(secure, email);
    const browser = await signInBrowser(secure, email);
    expect([...browser.jar.cookies.keys()]).toContain("__Host-ory_kratos_session");
    expect([...browser.jar.cookies.keys()].some((name) => name.startsWith("ory_"))).toBe(false);
    const session = await browser.api.toSession();
    expect(session.identity?.traits.email).toBe(email);
  });

  it("keeps the plain name, still Secure, for a cookie with a Domain", async () => {
    const line = await csrfSetCookie(withDomain);
    expect(line).toMatch(/^csrf_token_[0-9a-f]{64}=/);
    expect(line).toMatch(/; Domain=shop\.example/);
    expect(line).toMatch(/; Secure/);
  });

  it("sends HSTS on every answer, errors included", async () => {
    for (const path of ["/health/alive", "/self-service/login/browser", "/no/such/path"]) {
      const response = await fetch(`${secure.publicUrl}${path}`, {
        headers: { accept: "application/json" },
      });
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
    }
  });

  it("answers each request once: the health check logs no reply sent twice", async () => {
    const id = "health-behind-https";
    const response = await fetch(`${secure.publicUrl}/health/ready`, {
      headers: { "x-request-id": id },
    });
    expect(response.status).toBe(200);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const complaints = secure.logs.filter(
      (line) => line.request_id === id && (line.level === "warn" || line.level === "error"),
    );
    expect(complaints).toEqual([]);
  });
});

describe("cookies over plain http (local development)", () => {
  it("keeps Kratos's names and sends no HSTS", async () => {
    const line = await csrfSetCookie(plain);
    expect(line).toMatch(/^csrf_token_/);
    expect(line).not.toMatch(/; Secure/);
    const response = await fetch(`${plain.publicUrl}/health/alive`);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});
