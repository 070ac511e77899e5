// The consent app's side of Hydra's consent challenge (apps/oauth2, Ory Hydra, Ory Network),
// through Ory's SDK: read the request, accept it with the granted scopes and the customer's
// claims, or reject it. Ory's account experience does the same.

import type { Identity, OAuth2ConsentRequest } from "@ory/client-fetch";
import { oauth2Api } from "../../lib/oauth2.server";
import { statusOf } from "../../lib/sdk-status";
import { idTokenClaims } from "./claims";

/** The request, or undefined when it is unknown, expired or answered already (4xx). */
export async function loadConsentRequest(
  challenge: string | undefined,
): Promise<OAuth2ConsentRequest | undefined> {
  if (!challenge) return undefined;
  try {
    return await oauth2Api().getOAuth2ConsentRequest({ consentChallenge: challenge });
  } catch (error) {
    const status = statusOf(error);
    if (status !== undefined && status >= 400 && status < 500) return undefined;
    throw error;
  }
}

/**
 * No screen for a first-party client (`skip_consent`) or a consent the provider remembers
 * (`skip`): the shop and the Moos app are Moos's own.
 */
export function needsNoScreen(request: OAuth2ConsentRequest): boolean {
  return request.skip === true || request.client?.skip_consent === true;
}

/** What the customer ticked, limited to what the client asked for; `openid` is the sign-in. */
export function grantedScopes(requested: readonly string[], chosen: readonly string[]): string[] {
  return requested.filter((scope) => scope === "openid" || chosen.includes(scope));
}

/** Accepts for the signed-in identity; resolves to where the browser goes (the provider). */
export async function acceptConsent(
  request: OAuth2ConsentRequest,
  identity: Identity,
  options: { grantScope: readonly string[]; remember: boolean },
): Promise<string> {
  const { redirect_to } = await oauth2Api().acceptOAuth2ConsentRequest({
    consentChallenge: request.challenge,
    acceptOAuth2ConsentRequest: {
      grant_scope: [...options.grantScope],
      grant_access_token_audience: request.requested_access_token_audience ?? [],
      remember: options.remember,
      // Hydra's 0: remembered until the customer revokes it.
      remember_for: 0,
      session: { id_token: idTokenClaims(identity) },
    },
  });
  return redirect_to;
}

export async function rejectConsent(challenge: string, description: string): Promise<string> {
  const { redirect_to } = await oauth2Api().rejectOAuth2ConsentRequest({
    consentChallenge: challenge,
    rejectOAuth2Request: { error: "access_denied", error_description: description },
  });
  return redirect_to;
}

/** The name a screen shows for the client. */
export function clientName(request: {
  client?: { client_name?: string; client_id?: string };
}): string {
  return request.client?.client_name || request.client?.client_id || "";
}
