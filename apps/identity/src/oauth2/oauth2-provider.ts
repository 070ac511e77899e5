// The OAuth2 server the login and registration flows answer to when a shop or app signs a
// customer in through OpenID Connect: Kratos's `oauth2_provider.url` (Ory Hydra, or Moos's own
// apps/oauth2, which speaks Hydra's admin API). The flows and hooks call this port; the HTTP
// client behind it (oauth2/hydra/) is chosen by the composition root, as persistence is.

/**
 * Hydra's login request as the provider sent it (`oauth2_login_request` on the flow JSON,
 * kratos-openapi.json's OAuth2LoginRequest). The fields the flows act on are named; the rest
 * is passed through to clients unchanged.
 */
export interface OAuth2LoginRequest {
  challenge: string;
  /** The browser has a remembered login at the provider for `subject`: sign-in may be skipped. */
  skip: boolean;
  subject: string;
  /** The authorization request the client started (for `override_return_to`). */
  request_url: string;
  [field: string]: unknown;
}

/** What the provider is told about the sign-in (Kratos's AcceptLoginRequestParams). */
export interface AcceptOAuth2Login {
  challenge: string;
  identityId: string;
  /** The identity service's session: the provider records it as `identity_provider_session_id`. */
  sessionId: string;
  /** The session's authentication methods, in order (`amr`: password, totp, oidc, ...). */
  amr: readonly string[];
  /**
   * The session's assurance level (`aal1`, `aal2`) as the login's `acr`, so a client that asked
   * for a second factor (`acr_values=aal2`) can read from the ID token that it was done
   * (docs/openid-provider.md#assurance-levels). Absent in flows stored before it was sent.
   */
  acr?: string;
}

export interface OAuth2Provider {
  /** The login request behind a challenge; unknown, expired or answered ones are refused. */
  getLoginRequest(challenge: string): Promise<OAuth2LoginRequest>;
  /** Accepts the login; resolves to where the browser goes next (back to the provider). */
  acceptLoginRequest(login: AcceptOAuth2Login): Promise<string>;
}
