import * as oidc from "openid-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authorizationRequest, authorize, customer, relyingParty, signIn } from "./support/apps.ts";
import { Browser, BrowserStopped } from "./support/browser.ts";
import { type Harness, startProvider } from "./support/harness.ts";

// What oidc-provider's conformance expectations (and docs/openid-provider.md#design) demand of codes, verifiers,
// redirect URIs and refresh tokens, each refused with the standard OAuth 2.0 error.

const shopRedirect = "http://127.0.0.1:7101/callback";
const appRedirect = "http://127.0.0.1:7102/callback";
const shopSecret = "shop-secret-0123456789abcdef";

let provider: Harness;
beforeAll(async () => {
  provider = await startProvider({
    clients: [
      {
        client_id: "shop",
        client_secret: shopSecret,
        redirect_uris: [shopRedirect],
        grant_types: ["authorization_code", "refresh_token"],
      },
      {
        client_id: "app",
        token_endpoint_auth_method: "none",
        redirect_uris: [appRedirect],
        grant_types: ["authorization_code", "refresh_token"],
        skip_consent: true,
        allowed_cors_origins: ["http://app.moos.test"],
      },
    ],
  });
});
afterAll(async () => provider?.close());
afterEach(() => {
  vi.useRealTimers();
});

const shop = () =>
  relyingParty(provider.issuer, {
    clientId: "shop",
    secret: shopSecret,
    redirectUri: shopRedirect,
  });
const app = () => relyingParty(provider.issuer, { clientId: "app", redirectUri: appRedirect });

/** The OAuth 2.0 error code openid-client read from the provider's answer. */
async function errorOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(oidc.ResponseBodyError);
  return (error as oidc.ResponseBodyError).error;
}

async function userinfoStatus(accessToken: string): Promise<number> {
  const response = await fetch(`${provider.issuer}/userinfo`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return response.status;
}

describe("refresh tokens", () => {
  it("rotate, and a reused one revokes the whole family", async () => {
    const rp = await shop();
    const first = await signIn(provider.oauth2, new Browser(), rp, {
      params: { scope: "openid offline_access email profile" },
    });
    const original = first.tokens.refresh_token!;
    expect(original).toEqual(expect.any(String));

    const second = await oidc.refreshTokenGrant(rp.config, original);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(original);
    expect(second.claims()).toMatchObject({ sub: customer.subject, email: customer.claims.email });
    expect(await userinfoStatus(second.access_token)).toBe(200);

    expect(await errorOf(oidc.refreshTokenGrant(rp.config, original))).toBe("invalid_grant");
    expect(await errorOf(oidc.refreshTokenGrant(rp.config, second.refresh_token!))).toBe(
      "invalid_grant",
    );
    expect(await userinfoStatus(second.access_token)).toBe(401);
    expect(await userinfoStatus(first.tokens.access_token)).toBe(401);
  });

  it("are issued for offline_access without prompt=consent, as Hydra does", async () => {
    const rp = await shop();
    const result = await signIn(provider.oauth2, new Browser(), rp, {
      params: { scope: "openid offline_access" },
    });
    expect(result.tokens.refresh_token).toEqual(expect.any(String));
    expect(result.consent?.requested_scope).toContain("offline_access");
  });

  it("expire after ttl.refresh_token", async () => {
    const rp = await shop();
    const { tokens } = await signIn(provider.oauth2, new Browser(), rp, {
      params: { scope: "openid offline_access" },
    });
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 721 * 3_600_000);
    expect(await errorOf(oidc.refreshTokenGrant(rp.config, tokens.refresh_token!))).toBe(
      "invalid_grant",
    );
  });
});

describe("authorization codes", () => {
  it("work once; a second redemption fails and revokes what the first issued", async () => {
    const rp = await shop();
    const request = await authorizationRequest(rp);
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: shopRedirect,
    });
    const checks = {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
    };
    const tokens = await oidc.authorizationCodeGrant(rp.config, callback, checks);
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    expect(await errorOf(oidc.authorizationCodeGrant(rp.config, callback, checks))).toBe(
      "invalid_grant",
    );
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });

  it("expire after ttl.auth_code", async () => {
    const rp = await shop();
    const request = await authorizationRequest(rp);
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: shopRedirect,
    });
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 61_000);
    const grant = oidc.authorizationCodeGrant(rp.config, callback, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
    expect(await errorOf(grant)).toBe("invalid_grant");
  });

  it("need the verifier that belongs to the challenge", async () => {
    const rp = await shop();
    const request = await authorizationRequest(rp);
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: shopRedirect,
    });
    const grant = oidc.authorizationCodeGrant(rp.config, callback, {
      pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
      expectedState: request.state,
    });
    expect(await errorOf(grant)).toBe("invalid_grant");
  });
});

describe("access tokens", () => {
  it("expire after ttl.access_token", async () => {
    const { tokens } = await signIn(provider.oauth2, new Browser(), await shop());
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 3_601_000);
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
  });
});

describe("PKCE for public clients", () => {
  it("is required", async () => {
    const rp = await app();
    const request = await authorizationRequest(rp);
    request.url.searchParams.delete("code_challenge");
    request.url.searchParams.delete("code_challenge_method");
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: appRedirect,
    });
    expect(callback.searchParams.get("error")).toBe("invalid_request");
    expect(callback.searchParams.get("error_description")).toMatch(/PKCE/);
  });

  it("must use S256, never plain", async () => {
    const rp = await app();
    const request = await authorizationRequest(rp);
    request.url.searchParams.set("code_challenge", request.verifier);
    request.url.searchParams.set("code_challenge_method", "plain");
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: appRedirect,
    });
    expect(callback.searchParams.get("error")).toBe("invalid_request");
  });

  it("lets a public client sign in with S256", async () => {
    const result = await signIn(provider.oauth2, new Browser(), await app());
    expect(result.tokens.claims()?.sub).toBe(customer.subject);
  });
});

describe("browser calls to the token endpoint", () => {
  it("come only from the client's allowed_cors_origins", async () => {
    const call = (origin: string) =>
      fetch(`${provider.issuer}/oauth2/token`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: "x",
          client_id: "app",
        }),
      }).then(async (r) => ({
        cors: r.headers.get("access-control-allow-origin"),
        ...((await r.json()) as Record<string, unknown>),
      }));
    expect(await call("http://app.moos.test")).toMatchObject({
      cors: "http://app.moos.test",
      error: "invalid_grant",
    });
    expect(await call("http://evil.test")).toMatchObject({ cors: null, error: "invalid_request" });
  });
});

describe("redirect URIs", () => {
  const stopped = async (url: URL): Promise<BrowserStopped> => {
    const error = await new Browser()
      .follow(url, () => false)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(BrowserStopped);
    return error as BrowserStopped;
  };

  it.each([
    ["an unregistered one", "http://127.0.0.1:7999/callback"],
    ["one with a trailing slash", `${shopRedirect}/`],
    ["one with an extra query", `${shopRedirect}?next=/`],
    ["one on another port", "http://127.0.0.1:7102/callback"],
  ])("refuse %s without redirecting to it", async (_name, redirectUri) => {
    const rp = await shop();
    const request = await authorizationRequest(rp, { redirect_uri: redirectUri });
    const page = await stopped(request.url);
    expect(page.status).toBe(400);
    expect(page.body).toContain("invalid_redirect_uri");
    expect(page.body).toContain("Das hat nicht geklappt");
  });

  it("refuse an unknown client", async () => {
    const rp = await shop();
    const request = await authorizationRequest(rp);
    request.url.searchParams.set("client_id", "nobody");
    const page = await stopped(request.url);
    expect(page.status).toBe(400);
    expect(page.body).toContain("invalid_client");
  });
});
