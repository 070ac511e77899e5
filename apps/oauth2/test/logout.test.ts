import { instanceOfOAuth2LogoutRequest, type ResponseError } from "@ory/client-fetch";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizationRequest, customer, relyingParty, signIn } from "./support/apps.ts";
import {
  type BackchannelReceiver,
  startBackchannelReceiver,
} from "./support/backchannel-receiver.ts";
import { Browser, BrowserStopped } from "./support/browser.ts";
import { type Harness, startProvider, uiOrigin } from "./support/harness.ts";

// RP-initiated logout through Hydra's logout challenge, and back-channel logout to the shop.

const shopRedirect = "http://127.0.0.1:7201/callback";
const shopHome = "http://127.0.0.1:7201/";
const shopSecret = "shop-secret-0123456789abcdef";

let provider: Harness;
let receiver: BackchannelReceiver;
beforeAll(async () => {
  receiver = await startBackchannelReceiver();
  provider = await startProvider({
    clients: [
      {
        client_id: "shop",
        client_secret: shopSecret,
        redirect_uris: [shopRedirect],
        post_logout_redirect_uris: [shopHome],
        backchannel_logout_uri: receiver.url,
        backchannel_logout_session_required: true,
        skip_consent: true,
      },
      {
        client_id: "kiosk",
        client_secret: shopSecret,
        redirect_uris: ["http://127.0.0.1:7202/callback"],
        post_logout_redirect_uris: ["http://127.0.0.1:7202/"],
        skip_consent: true,
        skip_logout_consent: true,
      },
    ],
  });
});
afterAll(async () => {
  await provider?.close();
  await receiver?.close();
});

const shop = () =>
  relyingParty(provider.issuer, {
    clientId: "shop",
    secret: shopSecret,
    redirectUri: shopRedirect,
  });

async function expectLogoutToken(token: string, idToken: Record<string, unknown>): Promise<void> {
  const jwks = createRemoteJWKSet(new URL(`${provider.issuer}/.well-known/jwks.json`));
  const { payload, protectedHeader } = await jwtVerify(token, jwks, {
    issuer: provider.issuer,
    audience: "shop",
    typ: "logout+jwt",
  });
  expect(protectedHeader.alg).toBe("RS256");
  expect(payload.sub).toBe(idToken.sub);
  expect(payload.sid).toBe(idToken.sid);
  expect(payload.events).toEqual({ "http://schemas.openid.net/event/backchannel-logout": {} });
  expect(payload).not.toHaveProperty("nonce");
}

async function skipsLogin(
  browser: Browser,
  rp: Awaited<ReturnType<typeof shop>>,
): Promise<boolean> {
  const request = await authorizationRequest(rp);
  const stop = await browser.follow(request.url, (l) => l.origin === uiOrigin);
  const login = await provider.oauth2.getOAuth2LoginRequest({
    loginChallenge: stop.searchParams.get("login_challenge")!,
  });
  return login.skip;
}

describe("RP-initiated logout", () => {
  it("asks the logout app, ends the session, tells the shop and returns with the state", async () => {
    const rp = await shop();
    const browser = new Browser();
    const { tokens } = await signIn(provider.oauth2, browser, rp);
    const idToken = tokens.claims()!;
    receiver.tokens.length = 0;

    const end = oidc.buildEndSessionUrl(rp.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: shopHome,
      state: "logout-state-123",
    });
    const stop = await browser.follow(end, (l) => l.origin === uiOrigin);
    expect(stop.pathname).toBe("/logout");
    const logoutChallenge = stop.searchParams.get("logout_challenge")!;
    const request = await provider.oauth2.getOAuth2LogoutRequest({ logoutChallenge });
    expect(instanceOfOAuth2LogoutRequest(request)).toBe(true);
    expect(request).toMatchObject({
      challenge: logoutChallenge,
      subject: customer.subject,
      rp_initiated: true,
    });
    expect(request.client?.client_id).toBe("shop");
    expect(request.request_url).toContain("/oauth2/sessions/logout?");
    expect(request.sid).toEqual(expect.any(String));

    const { redirect_to } = await provider.oauth2.acceptOAuth2LogoutRequest({ logoutChallenge });
    const back = await browser.follow(redirect_to, (l) => l.href.startsWith(shopHome));
    expect(back.searchParams.get("state")).toBe("logout-state-123");

    expect(receiver.tokens).toHaveLength(1);
    await expectLogoutToken(receiver.tokens[0]!, idToken);
    const userinfo = await fetch(`${provider.issuer}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.status).toBe(401);
    expect(await skipsLogin(browser, rp)).toBe(false);

    // The verifier works once, and a finished logout challenge is gone.
    const again = await browser.follow(redirect_to, () => false).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(BrowserStopped);
    expect((again as BrowserStopped).status).toBe(400);
    const read = await provider.oauth2
      .getOAuth2LogoutRequest({ logoutChallenge })
      .catch((e: unknown) => e as ResponseError);
    expect((read as ResponseError).response.status).toBe(410);
  });

  it("ends at urls.post_logout_redirect without a post_logout_redirect_uri", async () => {
    const rp = await shop();
    const browser = new Browser();
    const { tokens } = await signIn(provider.oauth2, browser, rp);
    const end = oidc.buildEndSessionUrl(rp.config, { id_token_hint: tokens.id_token! });
    const stop = await browser.follow(end, (l) => l.origin === uiOrigin);
    const { redirect_to } = await provider.oauth2.acceptOAuth2LogoutRequest({
      logoutChallenge: stop.searchParams.get("logout_challenge")!,
    });
    const back = await browser.follow(redirect_to, (l) => l.origin === uiOrigin);
    expect(back.href).toBe(`${uiOrigin}/logged-out`);
  });

  it("keeps the session when the logout app rejects", async () => {
    const rp = await shop();
    const browser = new Browser();
    const { tokens } = await signIn(provider.oauth2, browser, rp);
    const end = oidc.buildEndSessionUrl(rp.config, { id_token_hint: tokens.id_token! });
    const stop = await browser.follow(end, (l) => l.origin === uiOrigin);
    await provider.oauth2.rejectOAuth2LogoutRequest({
      logoutChallenge: stop.searchParams.get("logout_challenge")!,
    });
    expect(await skipsLogin(browser, rp)).toBe(true);
  });

  it("cannot be finished from another browser", async () => {
    const rp = await shop();
    const browser = new Browser();
    const { tokens } = await signIn(provider.oauth2, browser, rp);
    const end = oidc.buildEndSessionUrl(rp.config, { id_token_hint: tokens.id_token! });
    const stop = await browser.follow(end, (l) => l.origin === uiOrigin);
    const { redirect_to } = await provider.oauth2.acceptOAuth2LogoutRequest({
      logoutChallenge: stop.searchParams.get("logout_challenge")!,
    });
    const stranger = await new Browser().follow(redirect_to, () => false).catch((e: unknown) => e);
    expect(stranger).toBeInstanceOf(BrowserStopped);
    expect((stranger as BrowserStopped).status).toBe(400);
    expect(await skipsLogin(browser, rp)).toBe(true);
  });
});

describe("a client with skip_logout_consent", () => {
  it("logs out without asking the logout app", async () => {
    const rp = await relyingParty(provider.issuer, {
      clientId: "kiosk",
      secret: shopSecret,
      redirectUri: "http://127.0.0.1:7202/callback",
    });
    const browser = new Browser();
    const { tokens } = await signIn(provider.oauth2, browser, rp);
    const end = oidc.buildEndSessionUrl(rp.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: "http://127.0.0.1:7202/",
    });
    const back = await browser.follow(
      end,
      (l) => l.origin === uiOrigin || l.href.startsWith("http://127.0.0.1:7202/"),
    );
    expect(back.href).toBe("http://127.0.0.1:7202/");
    expect(await skipsLogin(browser, rp)).toBe(false);
  });
});

describe("revoking login sessions through the admin API", () => {
  it("ends one session by the sid a client received", async () => {
    const rp = await shop();
    const browser = new Browser();
    const { tokens } = await signIn(provider.oauth2, browser, rp);
    receiver.tokens.length = 0;
    await provider.oauth2.revokeOAuth2LoginSessions({ sid: String(tokens.claims()?.sid) });
    expect(receiver.tokens).toHaveLength(1);
    expect(await skipsLogin(browser, rp)).toBe(false);
  });

  it("ends the subject's sessions and sends back-channel logouts", async () => {
    const rp = await shop();
    const browser = new Browser();
    const subject = "customer-signed-out-everywhere";
    const { tokens } = await signIn(provider.oauth2, browser, rp, { subject });
    receiver.tokens.length = 0;
    await provider.oauth2.revokeOAuth2LoginSessions({ subject });
    expect(receiver.tokens).toHaveLength(1);
    await expectLogoutToken(receiver.tokens[0]!, tokens.claims()!);
    expect(await skipsLogin(browser, rp)).toBe(false);
  });
});
