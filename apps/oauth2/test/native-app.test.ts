import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizationRequest, authorize, customer, relyingParty } from "./support/apps.ts";
import { Browser, BrowserStopped } from "./support/browser.ts";
import { type Harness, startProvider } from "./support/harness.ts";

// The Moos app as a native app (RFC 8252): a public client that receives the code on a
// loopback port it picks at random (§7.3) or on its private-use URI scheme (§7.1), with PKCE.

let provider: Harness;
beforeAll(async () => {
  provider = await startProvider({
    clients: [
      {
        client_id: "moos-app",
        token_endpoint_auth_method: "none",
        redirect_uris: ["http://127.0.0.1/callback", "de.moos.app:/oauth2/callback"],
        grant_types: ["authorization_code", "refresh_token"],
        skip_consent: true,
      },
    ],
  });
});
afterAll(async () => provider?.close());

/** The app's loopback listener: one request, the redirect with the code, then it closes. */
async function loopbackListener(): Promise<{
  url: string;
  received: Promise<URL>;
  server: Server;
}> {
  let resolve: (url: URL) => void = () => {};
  const received = new Promise<URL>((r) => {
    resolve = r;
  });
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end("<p>Du kannst jetzt zur App zurückkehren.</p>");
    resolve(new URL(req.url ?? "/", `http://${req.headers.host}`));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/callback`, received, server };
}

describe("a native app", () => {
  it("signs in with PKCE through a loopback redirect on a random port", async () => {
    const listener = await loopbackListener();
    try {
      const app = await relyingParty(provider.issuer, {
        clientId: "moos-app",
        redirectUri: listener.url,
      });
      const request = await authorizationRequest(app, {
        scope: "openid offline_access email profile",
      });
      const browser = new Browser();
      const { callback } = await authorize(provider.oauth2, browser, request.url, {
        redirectUri: listener.url,
      });
      // The browser delivers the code to the app's listener.
      const delivered = await browser.request(callback);
      expect(delivered.status).toBe(200);
      const received = await listener.received;
      expect(received.searchParams.get("code")).toEqual(expect.any(String));

      const tokens = await oidc.authorizationCodeGrant(app.config, received, {
        pkceCodeVerifier: request.verifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
      });
      expect(tokens.claims()).toMatchObject({ sub: customer.subject, ...customer.claims });
      expect(tokens.refresh_token).toEqual(expect.any(String));
      const refreshed = await oidc.refreshTokenGrant(app.config, tokens.refresh_token!);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
    } finally {
      listener.server.close();
    }
  });

  it("receives the code on its private-use scheme", async () => {
    const app = await relyingParty(provider.issuer, {
      clientId: "moos-app",
      redirectUri: "de.moos.app:/oauth2/callback",
    });
    const request = await authorizationRequest(app);
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: "de.moos.app:/oauth2/callback",
    });
    expect(callback.protocol).toBe("de.moos.app:");
    const tokens = await oidc.authorizationCodeGrant(app.config, callback, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
    });
    expect(tokens.claims()?.sub).toBe(customer.subject);
  });

  it.each([
    ["another path on the loopback", "http://127.0.0.1:7501/other"],
    ["localhost instead of the registered IP", "http://localhost:7501/callback"],
    ["https on the loopback", "https://127.0.0.1:7501/callback"],
  ])("cannot use %s", async (_name, redirectUri) => {
    const app = await relyingParty(provider.issuer, { clientId: "moos-app", redirectUri });
    const request = await authorizationRequest(app);
    const stop = await new Browser().follow(request.url, () => false).catch((e: unknown) => e);
    expect(stop).toBeInstanceOf(BrowserStopped);
    expect((stop as BrowserStopped).status).toBe(400);
    expect((stop as BrowserStopped).body).toContain("invalid_redirect_uri");
  });
});
