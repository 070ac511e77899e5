// A login or registration flow that an OAuth2 client (the shop, the Moos app) started through
// the OpenID Connect provider carries `oauth2_login_challenge` and the provider's
// `oauth2_login_request`: the screens keep the challenge on every link to another sign-in
// screen (so the end is still the client), name the client, and speak the client's language
// (`ui_locales`) unless the customer chose one here.

import type { OAuth2LoginRequest } from "@ory/client-fetch";
import type { Locale } from "../../lib/locale";

interface WithChallenge {
  readonly oauth2_login_challenge?: string;
  readonly oauth2_login_request?: OAuth2LoginRequest;
}

/** The query that keeps the challenge on a link to /login or /registration. */
export function challengeQuery(flow: WithChallenge): Record<string, string> {
  return flow.oauth2_login_challenge ? { login_challenge: flow.oauth2_login_challenge } : {};
}

/** The client's name to show, if an OAuth2 client asked for this sign-in. */
export function clientOfFlow(flow: WithChallenge): string | undefined {
  const client = flow.oauth2_login_request?.client;
  return client?.client_name || client?.client_id || undefined;
}

/** The first of the client's `ui_locales` that the web app speaks (`en-GB` counts as `en`). */
export function preferredLocale(uiLocales: readonly string[] | undefined): Locale | undefined {
  for (const tag of uiLocales ?? []) {
    const language = tag.toLowerCase().split("-")[0];
    if (language === "de" || language === "en") return language;
  }
  return undefined;
}

export function clientLocale(flow: WithChallenge): Locale | undefined {
  return preferredLocale(flow.oauth2_login_request?.oidc_context?.ui_locales);
}
