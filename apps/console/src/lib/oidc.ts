// The console's side of OpenID Connect (openid-client): staff sign in at Moos's own provider
// like customers do, with the account app's screens. The console asks for:
// - the code flow with PKCE (S256), state and nonce, kept in a sealed cookie until the answer
//   comes back (sealed-cookie.ts), so any instance can finish what another began;
// - `acr_values=aal2`: a second factor or a passkey. The identity service, the provider's login
//   app, then asks for the second factor even where customers are not asked; the ID token says
//   what was done (`acr`, `amr`) and the callback checks it (docs/console.md#signing-in);
// - `max_age`: the ID token always carries `auth_time`, which the console API needs for the
//   actions that want a recent sign-in; for those, `prompt=login` asks to sign in again.
// Discovery waits for the first sign-in, so the console may start before the provider.

import * as client from "openid-client";
import { config } from "./config";
import { ABSOLUTE_TIMEOUT_SECONDS } from "./staff-session";

/** The assurance level staff need (the identity service's names, docs/console.md#signing-in). */
export const REQUIRED_ACR = "aal2";
/** Methods that are themselves more than one factor: a passkey is possession plus the device's PIN or biometrics. */
const MULTI_FACTOR_METHODS = new Set(["passkey"]);

/** What a sign-in under way must bring back, kept in the sealed login cookie. */
export interface PendingSignIn {
  readonly state: string;
  readonly nonce: string;
  readonly verifier: string;
  /** The console path to return to (checked: a path of this origin). */
  readonly returnTo: string;
  readonly locale: string;
  readonly maxAge: number;
}

export interface SignedIn {
  readonly subject: string;
  readonly authTime: number;
  readonly amr: readonly string[];
  readonly acr: string | undefined;
  readonly idToken: string;
}

let discovered: Promise<client.Configuration> | undefined;

function configuration(): Promise<client.Configuration> {
  const { oidc } = config();
  const issuer = new URL(oidc.issuer);
  discovered ??= client
    .discovery(
      issuer,
      oidc.clientId,
      undefined,
      client.ClientSecretBasic(oidc.clientSecret),
      // Locally the provider runs on http://127.0.0.1; in production its issuer is https.
      issuer.protocol === "http:" ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    .catch((error: unknown) => {
      discovered = undefined;
      throw error;
    });
  return discovered;
}

export function redirectUri(): string {
  return `${config().publicBaseUrl}/auth/callback`;
}

export function postLogoutRedirectUri(): string {
  return `${config().publicBaseUrl}/auth/signed-out`;
}

/**
 * The authorization URL and what the callback needs. `reauth` asks the staff member to sign in
 * again now (`prompt=login`), for the actions that want a recent sign-in.
 */
export async function startSignIn(options: {
  returnTo: string;
  locale: string;
  reauth: boolean;
}): Promise<{ url: URL; pending: PendingSignIn }> {
  const pending: PendingSignIn = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    returnTo: options.returnTo,
    locale: options.locale,
    maxAge: ABSOLUTE_TIMEOUT_SECONDS,
  };
  const url = client.buildAuthorizationUrl(await configuration(), {
    redirect_uri: redirectUri(),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: "S256",
    state: pending.state,
    nonce: pending.nonce,
    acr_values: REQUIRED_ACR,
    max_age: String(pending.maxAge),
    ui_locales: options.locale,
    ...(options.reauth ? { prompt: "login" } : {}),
  });
  return { url, pending };
}

/** Exchanges the code; throws on an error answer, a wrong state or nonce, or a bad ID token. */
export async function finishSignIn(callback: URL, pending: PendingSignIn): Promise<SignedIn> {
  const tokens = await client.authorizationCodeGrant(await configuration(), callback, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    maxAge: pending.maxAge,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new Error("the provider sent no ID token");
  if (typeof claims.auth_time !== "number") throw new Error("the ID token has no auth_time");
  const amr = Array.isArray(claims.amr)
    ? claims.amr.filter((method): method is string => typeof method === "string")
    : [];
  return {
    subject: claims.sub,
    authTime: claims.auth_time,
    amr,
    acr: typeof claims.acr === "string" ? claims.acr : undefined,
    idToken: tokens.id_token,
  };
}

/** Whether the sign-in was strong enough for the console: aal2, or a passkey. */
export function isStrongEnough(signedIn: Pick<SignedIn, "acr" | "amr">): boolean {
  return signedIn.acr === REQUIRED_ACR || signedIn.amr.some((m) => MULTI_FACTOR_METHODS.has(m));
}

/** RP-initiated logout: the provider ends its session too, then sends the browser back here. */
export async function logoutUrl(idToken: string, locale: string): Promise<URL> {
  return client.buildEndSessionUrl(await configuration(), {
    id_token_hint: idToken,
    post_logout_redirect_uri: postLogoutRedirectUri(),
    state: locale,
    ui_locales: locale,
  });
}
