// The logout app's side of Hydra's logout challenge, and Moos's side of a logout that starts
// here. A client's RP-initiated logout reaches the web app as `/logout?logout_challenge=`: the
// Moos session ends (the identity service's logout, done by the server with the browser's
// cookies) and the request is accepted, so the provider ends its session too and tells the
// other clients by back-channel logout. A logout in Moos ends the provider's login sessions of
// the customer (revokeOAuth2LoginSessions), which tells the shop the same way.

import type { OAuth2LogoutRequest, Session } from "@ory/client-fetch";
import type { IdentityClient } from "../../lib/identity-client";
import { IdentityError } from "../../lib/identity-client";
import { oauth2Api } from "../../lib/oauth2.server";
import { reportError } from "../../lib/report-error";
import { statusOf } from "../../lib/sdk-status";

/** The request, or undefined when it is unknown, expired or answered already (4xx). */
export async function loadLogoutRequest(
  challenge: string | null | undefined,
): Promise<OAuth2LogoutRequest | undefined> {
  if (!challenge) return undefined;
  try {
    return await oauth2Api().getOAuth2LogoutRequest({ logoutChallenge: challenge });
  } catch (error) {
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500) return undefined;
    throw error;
  }
}

/**
 * No question for Moos's own clients (`skip_consent`) when the client itself asked with the
 * customer's ID token (`rp_initiated`) and the browser's Moos session is that customer's (or
 * gone already). Anything else, e.g. a logout link another site opens, asks first.
 */
export function logsOutAtOnce(request: OAuth2LogoutRequest, session: Session | undefined): boolean {
  if (request.rp_initiated !== true || request.client?.skip_consent !== true) return false;
  return !session?.identity || session.identity.id === request.subject;
}

/** Ends the browser's Moos session; its Set-Cookie answers are in the client, to relay. */
export async function endMoosSession(client: IdentityClient): Promise<void> {
  try {
    const flow = await client.call((api) => api.createBrowserLogoutFlow());
    await client.call((api) => api.updateLogoutFlow({ token: flow.logout_token }));
  } catch (error) {
    // 401: no session (logged out in another tab): nothing to end.
    if (error instanceof IdentityError && error.status === 401) return;
    throw error;
  }
}

export async function acceptLogout(challenge: string): Promise<string> {
  const { redirect_to } = await oauth2Api().acceptOAuth2LogoutRequest({
    logoutChallenge: challenge,
  });
  return redirect_to;
}

export async function rejectLogout(challenge: string): Promise<void> {
  await oauth2Api().rejectOAuth2LogoutRequest({ logoutChallenge: challenge });
}

/**
 * A logout in Moos: the provider's login sessions of the customer end, and every client that
 * registered back-channel logout (the shop) is told. A failure must not keep anyone signed in
 * to Moos, so it is reported and the logout goes on.
 */
export async function endProviderSessions(subject: string): Promise<void> {
  try {
    await oauth2Api().revokeOAuth2LoginSessions({ subject });
  } catch (error) {
    await reportError(error, { flow: "logout" });
  }
}
