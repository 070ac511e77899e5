// The sign-in under way (oidc.ts's PendingSignIn), sealed in a cookie of its own for ten
// minutes: state, nonce and PKCE verifier must come back with the browser to whichever console
// instance gets the callback. SameSite=Lax: the provider's redirect back is a cross-site
// navigation, which Lax cookies go along with.

import type { PendingSignIn } from "./oidc";
import { seal, unseal } from "./sealed-cookie";

export const LOGIN_COOKIE_MAX_AGE = 10 * 60;

export function loginCookieName(https: boolean): string {
  return https ? "__Host-moos_console_login" : "moos_console_login";
}

export function sealPending(pending: PendingSignIn, secrets: readonly string[]): Promise<string> {
  return seal(
    { ...pending },
    {
      secrets,
      purpose: "login",
      expiresAt: Math.floor(Date.now() / 1000) + LOGIN_COOKIE_MAX_AGE,
    },
  );
}

export async function unsealPending(
  value: string | undefined,
  secrets: readonly string[],
): Promise<PendingSignIn | undefined> {
  const unsealed = await unseal(value, { secrets, purpose: "login" });
  if (!unsealed || unsealed.expired) return undefined;
  const { state, nonce, verifier, returnTo, locale, maxAge } = unsealed.payload;
  const texts = [state, nonce, verifier, returnTo, locale];
  if (!texts.every((text) => typeof text === "string") || typeof maxAge !== "number") {
    return undefined;
  }
  return {
    state: state as string,
    nonce: nonce as string,
    verifier: verifier as string,
    returnTo: returnTo as string,
    locale: locale as string,
    maxAge,
  };
}
