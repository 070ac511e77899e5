import {
  instanceOfOAuth2ConsentRequest,
  instanceOfOAuth2LoginRequest,
  instanceOfOAuth2RedirectTo,
  ResponseError,
} from "@ory/client-fetch";
import * as oidc from "openid-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { authorizationRequest, authorize, customer, relyingParty, signIn } from "./support/apps.ts";
import { Browser } from "./support/browser.ts";
import { type Harness, startProvider, uiOrigin } from "./support/harness.ts";

// The authorization code flow as a shop's backend runs it, with Hydra's login and consent
// challenges answered through Ory's SDK.

const partnerRedirect = "http://127.0.0.1:7001/callback";
const shopRedirect = "http://127.0.0.1:7002/callback";
const partnerSecret = "partner-secret-0123456789";
const shopSecret = "shop-secret-0123456789abcdef";

let provider: Harness;
beforeAll(async () => {
  provider = await startProvider({
    clients: [
      {
        client_id: "partner",
        client_secret: partnerSecret,
        client_name: "Partner shop",
        redirect_uris: [partnerRedirect],
        grant_types: ["authorization_code", "refresh_token"],
      },
      {
        client_id: "moos-shop",
        client_secret: shopSecret,
        redirect_uris: [shopRedirect],
        skip_consent: true,
      },
    ],
  });
});
afterAll(async () => provider?.close());
afterEach(() => {
  vi.useRealTimers();
});

const partner = () =>
  relyingParty(provider.issuer, {
    clientId: "partner",
    secret: partnerSecret,
    redirectUri: partnerRedirect,
  });

describe("discovery", () => {
  it("announces Hydra's paths, code flow only and S256 only", async () => {
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const meta = (await response.json()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      issuer: provider.issuer,
      authorization_endpoint: `${provider.issuer}/oauth2/auth`,
      token_endpoint: `${provider.issuer}/oauth2/token`,
      userinfo_endpoint: `${provider.issuer}/userinfo`,
      jwks_uri: `${provider.issuer}/.well-known/jwks.json`,
      end_session_endpoint: `${provider.issuer}/oauth2/sessions/logout`,
      revocation_endpoint: `${provider.issuer}/oauth2/revoke`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      backchannel_logout_supported: true,
      backchannel_logout_session_supported: true,
    });
    expect(meta.scopes_supported).toEqual(["openid", "offline_access", "email", "profile"]);
    const jwks = (await (await fetch(String(meta.jwks_uri))).json()) as { keys: { d?: string }[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
  });
});

describe("authorization code with PKCE", () => {
  it("asks the login and consent apps and issues ID token claims from the consent", async () => {
    const rp = await partner();
    const result = await signIn(provider.oauth2, new Browser(), rp);

    const login = result.login!;
    expect(instanceOfOAuth2LoginRequest(login)).toBe(true);
    expect(login.skip).toBe(false);
    expect(login.subject).toBe("");
    expect(login.client.client_id).toBe("partner");
    expect(login.client.client_name).toBe("Partner shop");
    expect(login.client.client_secret).toBeUndefined();
    expect(login.requested_scope).toEqual(["openid", "email", "profile"]);
    expect(login.request_url).toContain(`${provider.issuer}/oauth2/auth?`);

    const consent = result.consent!;
    expect(instanceOfOAuth2ConsentRequest(consent)).toBe(true);
    expect(consent.skip).toBe(false);
    expect(consent.subject).toBe(customer.subject);
    expect(consent.login_challenge).toBe(login.challenge);
    expect(consent.login_session_id).toEqual(expect.any(String));
    expect(consent.challenge).not.toBe(login.challenge);

    const claims = result.tokens.claims()!;
    expect(claims).toMatchObject({ sub: customer.subject, aud: "partner", ...customer.claims });
    expect(claims.iss).toBe(provider.issuer);
    const userinfo = await oidc.fetchUserInfo(
      rp.config,
      result.tokens.access_token,
      customer.subject,
    );
    expect(userinfo).toMatchObject({ sub: customer.subject, ...customer.claims });
  });

  it("hands acr_values to the login app and its acr, amr and auth_time to the ID token", async () => {
    const rp = await partner();
    const before = Math.floor(Date.now() / 1000);
    const result = await signIn(provider.oauth2, new Browser(), rp, {
      params: { acr_values: "aal2", max_age: "28800" },
      acr: "aal2",
      amr: ["password", "totp"],
    });
    expect(result.login?.oidc_context).toMatchObject({ acr_values: ["aal2"] });
    const claims = result.tokens.claims()!;
    expect(claims.acr).toBe("aal2");
    expect(claims.amr).toEqual(["password", "totp"]);
    expect(claims.auth_time).toBeGreaterThanOrEqual(before);
    const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
    const meta = (await response.json()) as { acr_values_supported?: string[] };
    expect(meta.acr_values_supported).toEqual(["aal1", "aal2"]);
  });

  it("releases only the claims of the granted scopes", async () => {
    const rp = await partner();
    const result = await signIn(provider.oauth2, new Browser(), rp, {
      params: { scope: "openid email" },
    });
    const claims = result.tokens.claims()!;
    expect(claims.email).toBe(customer.claims.email);
    expect(claims).not.toHaveProperty("given_name");
  });

  it("skips login and a remembered consent on the next authorization in the same browser", async () => {
    const rp = await partner();
    const browser = new Browser();
    await signIn(provider.oauth2, browser, rp);
    const again = await signIn(provider.oauth2, browser, rp, { subject: "someone-else" });
    expect(again.login?.skip).toBe(true);
    expect(again.login?.subject).toBe(customer.subject);
    expect(again.consent?.skip).toBe(true);
    expect(again.tokens.claims()?.sub).toBe(customer.subject);
  });

  it("does not skip a login that was not remembered, nor one the client asks again", async () => {
    const rp = await partner();
    const forgetful = new Browser();
    await signIn(provider.oauth2, forgetful, rp, { remember: false });
    expect((await signIn(provider.oauth2, forgetful, rp)).login?.skip).toBe(false);

    const browser = new Browser();
    await signIn(provider.oauth2, browser, rp);
    const forced = await signIn(provider.oauth2, browser, rp, { params: { prompt: "login" } });
    expect(forced.login?.skip).toBe(false);
  });

  it("refuses a skipped login accepted for another subject", async () => {
    const rp = await partner();
    const browser = new Browser();
    await signIn(provider.oauth2, browser, rp);
    const request = await authorizationRequest(rp);
    const stop = await browser.follow(request.url, (l) => l.origin === uiOrigin);
    const challenge = stop.searchParams.get("login_challenge")!;
    const error = await provider.oauth2
      .acceptOAuth2LoginRequest({
        loginChallenge: challenge,
        acceptOAuth2LoginRequest: { subject: "someone-else" },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).response.status).toBe(400);
    expect(await (error as ResponseError).response.json()).toMatchObject({
      error: "invalid_request",
    });
  });

  it("lets another person sign in on a browser with a session, without a logout page", async () => {
    const rp = await partner();
    const browser = new Browser();
    await signIn(provider.oauth2, browser, rp);
    const switched = await signIn(provider.oauth2, browser, rp, {
      subject: "another-customer",
      params: { prompt: "login" },
    });
    expect(switched.tokens.claims()?.sub).toBe("another-customer");
    const next = await signIn(provider.oauth2, browser, rp);
    expect(next.login).toMatchObject({ skip: true, subject: "another-customer" });
  });

  it("skips consent for a first-party client (skip_consent)", async () => {
    const rp = await relyingParty(provider.issuer, {
      clientId: "moos-shop",
      secret: shopSecret,
      redirectUri: shopRedirect,
    });
    const result = await signIn(provider.oauth2, new Browser(), rp);
    expect(result.consent?.skip).toBe(true);
  });
});

describe("rejections", () => {
  it("ends at the client with access_denied when the login app rejects", async () => {
    const rp = await partner();
    const request = await authorizationRequest(rp);
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: partnerRedirect,
      rejectLogin: { error_description: "Die Anmeldung wurde abgebrochen." },
    });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("error_description")).toBe("Die Anmeldung wurde abgebrochen.");
    expect(callback.searchParams.get("state")).toBe(request.state);
    expect(callback.searchParams.get("iss")).toBe(provider.issuer);
  });

  it("ends at the client with the standard error when the consent app rejects", async () => {
    const rp = await partner();
    const request = await authorizationRequest(rp);
    const { callback } = await authorize(provider.oauth2, new Browser(), request.url, {
      redirectUri: partnerRedirect,
      rejectConsent: {},
    });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("error_description")).toBe(
      "The resource owner denied the request.",
    );
    expect(callback.searchParams.get("state")).toBe(request.state);
  });
});

describe("challenges", () => {
  it("may be rejected without a body, as Ory's SDK sends it when given none", async () => {
    const rp = await partner();
    const request = await authorizationRequest(rp);
    const browser = new Browser();
    const stop = await browser.follow(request.url, (l) => l.origin === uiOrigin);
    const { redirect_to } = await provider.oauth2.rejectOAuth2LoginRequest({
      loginChallenge: stop.searchParams.get("login_challenge")!,
    });
    const callback = await browser.follow(redirect_to, (l) => l.href.startsWith(partnerRedirect));
    expect(callback.searchParams.get("error")).toBe("access_denied");
  });

  it("are answered once: a second answer is refused, a read shows where the request went", async () => {
    const rp = await partner();
    const request = await authorizationRequest(rp);
    const stop = await new Browser().follow(request.url, (l) => l.origin === uiOrigin);
    const loginChallenge = stop.searchParams.get("login_challenge")!;
    const accepted = await provider.oauth2.acceptOAuth2LoginRequest({
      loginChallenge,
      acceptOAuth2LoginRequest: { subject: customer.subject },
    });
    expect(instanceOfOAuth2RedirectTo(accepted)).toBe(true);
    const again = await provider.oauth2
      .acceptOAuth2LoginRequest({ loginChallenge, acceptOAuth2LoginRequest: { subject: "x" } })
      .catch((e: unknown) => e as ResponseError);
    expect(again).toBeInstanceOf(ResponseError);
    expect((again as ResponseError).response.status).toBe(409);
    const read = await provider.oauth2
      .getOAuth2LoginRequest({ loginChallenge })
      .catch((e: unknown) => e as ResponseError);
    expect((read as ResponseError).response.status).toBe(410);
    expect(await (read as ResponseError).response.json()).toEqual({
      redirect_to: expect.stringContaining("/oauth2/auth?"),
    });
  });

  it("are unknown when made up, and a consent challenge is no login challenge", async () => {
    const unknown = await provider.oauth2
      .getOAuth2LoginRequest({ loginChallenge: "made-up" })
      .catch((e: unknown) => e as ResponseError);
    expect((unknown as ResponseError).response.status).toBe(404);
    expect(await (unknown as ResponseError).response.json()).toMatchObject({
      error: "not_found",
      status_code: 404,
    });
    const rp = await partner();
    const request = await authorizationRequest(rp);
    const browser = new Browser();
    const stop = await browser.follow(request.url, (l) => l.origin === uiOrigin);
    const { redirect_to } = await provider.oauth2.acceptOAuth2LoginRequest({
      loginChallenge: stop.searchParams.get("login_challenge")!,
      acceptOAuth2LoginRequest: { subject: customer.subject },
    });
    const consentStop = await browser.follow(redirect_to, (l) => l.origin === uiOrigin);
    const consentChallenge = consentStop.searchParams.get("consent_challenge")!;
    const crossed = await provider.oauth2
      .getOAuth2LoginRequest({ loginChallenge: consentChallenge })
      .catch((e: unknown) => e as ResponseError);
    expect((crossed as ResponseError).response.status).toBe(404);
  });

  it("expire after ttl.login_consent_request", async () => {
    const rp = await partner();
    const request = await authorizationRequest(rp);
    const stop = await new Browser().follow(request.url, (l) => l.origin === uiOrigin);
    const loginChallenge = stop.searchParams.get("login_challenge")!;
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const expired = await provider.oauth2
      .getOAuth2LoginRequest({ loginChallenge })
      .catch((e: unknown) => e as ResponseError);
    expect((expired as ResponseError).response.status).toBe(404);
  });

  it("need the admin token", async () => {
    const response = await fetch(
      `${provider.adminUrl}/admin/oauth2/auth/requests/login?login_challenge=x`,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "unauthorized" });
    expect((await fetch(`${provider.adminUrl}/health/alive`)).status).toBe(200);
  });
});

describe("consent sessions", () => {
  it("list what a subject granted and revoke it with its tokens", async () => {
    const rp = await partner();
    const subject = "customer-with-consents";
    const { tokens } = await signIn(provider.oauth2, new Browser(), rp, { subject });
    const sessions = await provider.oauth2.listOAuth2ConsentSessions({ subject });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      grant_scope: ["openid", "email", "profile"],
      remember: true,
      session: { id_token: customer.claims },
    });
    expect(sessions[0]?.consent_request?.client?.client_id).toBe("partner");

    await provider.oauth2.revokeOAuth2ConsentSessions({ subject, client: "partner" });
    expect(await provider.oauth2.listOAuth2ConsentSessions({ subject })).toEqual([]);
    const userinfo = await fetch(`${provider.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    const again = await signIn(provider.oauth2, new Browser(), rp, { subject });
    expect(again.consent?.skip).toBe(false);
  });
});
