import { type App, createApp, loadConfig } from "@moos/oauth2";
import { Configuration, OAuth2Api } from "@ory/client-fetch";
import * as oidc from "openid-client";
import { freePort } from "./free-port.ts";
import type { Browser } from "./harness.ts";
import { pgliteCopy } from "./pglite-template.ts";

// The real OpenID Connect provider (apps/oauth2) in this process, for the identity service's
// `oauth2_provider.url`, and a shop's backend on openid-client. The login, consent and logout
// apps live at `uiOrigin`, which nothing serves: a test stops the browser there and plays the
// web app (the identity service's login flows with `login_challenge`; the consent through Ory's
// SDK, as the web app does).

export const uiOrigin = "http://ui.moos.test";
const adminToken = "identity-test-oauth2-admin-token";
export const shop = {
  clientId: "moos-shop",
  secret: "shop-secret-0123456789abcdef",
  redirectUri: "http://127.0.0.1:7002/callback",
};

export interface OAuth2Side {
  app: App;
  issuer: string;
  adminUrl: string;
  /** Ory's SDK on the admin API, as the web app uses it. */
  admin: OAuth2Api;
  close(): Promise<void>;
}

/** Where a provider will listen: known before it starts, so the identity service can start beside it. */
export interface ProviderPorts {
  public: number;
  admin: number;
}

export async function providerPorts(): Promise<ProviderPorts> {
  return { public: await freePort(), admin: await freePort() };
}

/** The identity service's config for the provider on these ports (Kratos's oauth2_provider). */
export function identityOverridesFor(ports: ProviderPorts): Record<string, unknown> {
  return {
    oauth2_provider: {
      url: `http://127.0.0.1:${ports.admin}`,
      headers: { Authorization: `Bearer ${adminToken}` },
    },
  };
}

export async function startOAuth2Provider(ports: ProviderPorts): Promise<OAuth2Side> {
  const copy = pgliteCopy();
  const config = loadConfig({
    env: {},
    overrides: {
      dev: true,
      dsn: copy.dsn,
      serve: { public: { port: ports.public }, admin: { port: ports.admin, token: adminToken } },
      urls: {
        self: { issuer: `http://127.0.0.1:${ports.public}` },
        login: `${uiOrigin}/login`,
        consent: `${uiOrigin}/consent`,
        logout: `${uiOrigin}/logout`,
        post_logout_redirect: `${uiOrigin}/`,
      },
      keys: { publish_ahead: "0s" },
      clients: [
        {
          client_id: shop.clientId,
          client_secret: shop.secret,
          redirect_uris: [shop.redirectUri],
          skip_consent: true,
        },
      ],
    },
  });
  const app = await createApp(config);
  const { adminUrl } = await app.listen();
  const admin = new OAuth2Api(new Configuration({ basePath: adminUrl, accessToken: adminToken }));
  return {
    app,
    issuer: config.urls.self.issuer,
    adminUrl,
    admin,
    close: async () => {
      await app.close();
      copy.remove();
    },
  };
}

export interface Authorization {
  /** The login challenge the provider handed the login app. */
  challenge: string;
  verifier: string;
  state: string;
  nonce: string;
}

export async function shopClient(side: OAuth2Side): Promise<oidc.Configuration> {
  return oidc.discovery(
    new URL(side.issuer),
    shop.clientId,
    undefined,
    oidc.ClientSecretBasic(shop.secret),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/**
 * The shop sends the browser to the provider, which sends it to the login app. `params` are
 * further authorization parameters (`acr_values`, `prompt`).
 */
export async function authorize(
  b: Browser,
  client: oidc.Configuration,
  params: Record<string, string> = {},
): Promise<Authorization> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: shop.redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...params,
  });
  const login = await follow(b, url.href, (at) => at.origin === uiOrigin);
  if (login.pathname !== "/login") throw new Error(`expected the login app, got ${login.href}`);
  const challenge = login.searchParams.get("login_challenge");
  if (!challenge) throw new Error(`no login_challenge in ${login.href}`);
  return { challenge, verifier, state, nonce };
}

/**
 * From where the identity service sent the browser (the provider's redirect_to) to the shop:
 * the consent app's part is played through Ory's SDK (the shop is first-party: skip), then the
 * code is exchanged. Returns the ID token's claims.
 */
export async function finishAtShop(
  b: Browser,
  side: OAuth2Side,
  client: oidc.Configuration,
  authorization: Authorization,
  providerUrl: string,
): Promise<oidc.IDToken> {
  const consent = await follow(b, providerUrl, (at) => at.origin === uiOrigin);
  if (consent.pathname !== "/consent") throw new Error(`expected consent, got ${consent.href}`);
  const consentChallenge = consent.searchParams.get("consent_challenge") ?? "";
  const request = await side.admin.getOAuth2ConsentRequest({ consentChallenge });
  const { redirect_to } = await side.admin.acceptOAuth2ConsentRequest({
    consentChallenge,
    acceptOAuth2ConsentRequest: { grant_scope: request.requested_scope ?? [] },
  });
  const callback = await follow(b, redirect_to, (at) => at.href.startsWith(shop.redirectUri));
  const tokens = await oidc.authorizationCodeGrant(client, callback, {
    pkceCodeVerifier: authorization.verifier,
    expectedState: authorization.state,
    expectedNonce: authorization.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error("no ID token");
  return claims;
}

/** Follows redirects until `stop` says where the browser arrived (that URL is not fetched). */
export async function follow(b: Browser, start: string, stop: (at: URL) => boolean): Promise<URL> {
  let next = new URL(start);
  for (let i = 0; i < 10; i++) {
    if (stop(next)) return next;
    const response = await b.fetch(next.href);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(`stopped at ${next.href} (${response.status}): ${await response.text()}`);
    }
    next = new URL(location, next);
  }
  throw new Error(`too many redirects from ${start}`);
}
