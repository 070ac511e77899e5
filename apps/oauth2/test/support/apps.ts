import type {
  OAuth2Api,
  OAuth2ConsentRequest,
  OAuth2LoginRequest,
  RejectOAuth2Request,
} from "@ory/client-fetch";
import * as oidc from "openid-client";
import type { Browser } from "./browser.ts";
import { uiOrigin } from "./harness.ts";

// The tests' stand-ins for the login, consent and logout apps (later the identity service and
// the web app), talking to the provider only through Ory's SDK, and a relying party on
// openid-client.

export const customer = {
  subject: "3f1c3a5e-5b7e-4d53-9a43-0c2f7d3e9b11",
  claims: {
    email: "lena@example.com",
    email_verified: true,
    name: "Lena Lindgren",
    given_name: "Lena",
    family_name: "Lindgren",
    locale: "de",
  },
};

export interface AuthorizeOptions {
  /** Where the client receives the answer; the walk stops there. */
  redirectUri: string;
  subject?: string;
  claims?: Record<string, unknown>;
  remember?: boolean;
  /** What the login app reports about the sign-in (the identity service: the session's aal and methods). */
  acr?: string;
  amr?: string[];
  rememberConsent?: boolean;
  rejectLogin?: RejectOAuth2Request;
  rejectConsent?: RejectOAuth2Request;
}

export interface Authorized {
  callback: URL;
  login?: OAuth2LoginRequest;
  consent?: OAuth2ConsentRequest;
}

/**
 * Walks the browser from an authorization URL to the client's redirect URI, answering the
 * login and consent apps on the way like a signed-in customer who agrees to everything.
 */
export async function authorize(
  api: OAuth2Api,
  browser: Browser,
  url: URL | string,
  options: AuthorizeOptions,
): Promise<Authorized> {
  const answered: Authorized = { callback: new URL(url) };
  let next = new URL(url);
  for (let step = 0; step < 4; step++) {
    next = await browser.follow(
      next,
      (l) => l.origin === uiOrigin || l.href.startsWith(options.redirectUri),
    );
    if (next.href.startsWith(options.redirectUri)) return { ...answered, callback: next };
    if (next.pathname === "/login") {
      const challenge = next.searchParams.get("login_challenge") ?? "";
      const login = await api.getOAuth2LoginRequest({ loginChallenge: challenge });
      answered.login = login;
      const { redirect_to } = options.rejectLogin
        ? await api.rejectOAuth2LoginRequest({
            loginChallenge: challenge,
            rejectOAuth2Request: options.rejectLogin,
          })
        : await api.acceptOAuth2LoginRequest({
            loginChallenge: challenge,
            acceptOAuth2LoginRequest: {
              subject: login.skip ? login.subject : (options.subject ?? customer.subject),
              remember: options.remember ?? true,
              ...(options.acr ? { acr: options.acr } : {}),
              ...(options.amr ? { amr: options.amr } : {}),
            },
          });
      next = new URL(redirect_to);
    } else if (next.pathname === "/consent") {
      const challenge = next.searchParams.get("consent_challenge") ?? "";
      const consent = await api.getOAuth2ConsentRequest({ consentChallenge: challenge });
      answered.consent = consent;
      const { redirect_to } = options.rejectConsent
        ? await api.rejectOAuth2ConsentRequest({
            consentChallenge: challenge,
            rejectOAuth2Request: options.rejectConsent,
          })
        : await api.acceptOAuth2ConsentRequest({
            consentChallenge: challenge,
            acceptOAuth2ConsentRequest: {
              grant_scope: consent.requested_scope ?? [],
              remember: options.rememberConsent ?? true,
              session: { id_token: options.claims ?? customer.claims },
            },
          });
      next = new URL(redirect_to);
    } else {
      throw new Error(`unexpected stop at ${next.href}`);
    }
  }
  throw new Error("the authorization did not reach the client");
}

export interface RelyingParty {
  config: oidc.Configuration;
  redirectUri: string;
}

export async function relyingParty(
  issuer: string,
  options: { clientId: string; secret?: string; redirectUri: string },
): Promise<RelyingParty> {
  const config = await oidc.discovery(
    new URL(issuer),
    options.clientId,
    undefined,
    options.secret ? oidc.ClientSecretBasic(options.secret) : oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
  return { config, redirectUri: options.redirectUri };
}

export interface AuthorizationRequest {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function authorizationRequest(
  rp: RelyingParty,
  params: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(rp.config, {
    redirect_uri: rp.redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...params,
  });
  return { url, verifier, state, nonce };
}

/** The whole sign-in: authorization, apps, code exchange with PKCE, ID token checked. */
export async function signIn(
  api: OAuth2Api,
  browser: Browser,
  rp: RelyingParty,
  options: Omit<AuthorizeOptions, "redirectUri"> & { params?: Record<string, string> } = {},
) {
  const request = await authorizationRequest(rp, options.params);
  const walk = await authorize(api, browser, request.url, {
    ...options,
    redirectUri: rp.redirectUri,
  });
  const tokens = await oidc.authorizationCodeGrant(rp.config, walk.callback, {
    pkceCodeVerifier: request.verifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
  return { ...walk, tokens, request };
}
