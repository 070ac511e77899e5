import * as oidc from "openid-client";

// The shop's side of OpenID Connect, on openid-client: discovery, the authorization request
// (code flow, PKCE S256, state, nonce), the code exchange with the ID token checked, and the
// URL of RP-initiated logout. Discovery waits for the first request, so the shop may start
// before Moos's provider does (npm start runs them side by side).

export interface RelyingPartyOptions {
  /** Moos's issuer (`urls.self.issuer` of apps/oauth2). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The shop's own origin: /callback and / hang off it as registered. */
  baseUrl: string;
}

/** What a sign-in that left for Moos must bring back (kept server-side, keyed by a cookie). */
export interface PendingLogin {
  verifier: string;
  state: string;
  nonce: string;
}

export interface SignedIn {
  subject: string;
  /** The provider's session id: back-channel logout names it. */
  sid: string | undefined;
  name: string;
  email: string | undefined;
  /** Sent back as id_token_hint when the customer logs out here. */
  idToken: string;
}

export class RelyingParty {
  private configuration: Promise<oidc.Configuration> | undefined;

  readonly options: RelyingPartyOptions;

  constructor(options: RelyingPartyOptions) {
    this.options = options;
  }

  get redirectUri(): string {
    return `${this.options.baseUrl}/callback`;
  }

  /** The client's view of the provider; a failed discovery is tried again next time. */
  config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.options.issuer),
        this.options.clientId,
        undefined,
        oidc.ClientSecretBasic(this.options.clientSecret),
        // Locally Moos runs on http://127.0.0.1; in production the issuer is https.
        new URL(this.options.issuer).protocol === "http:"
          ? { execute: [oidc.allowInsecureRequests] }
          : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async loginUrl(options: { language: string }): Promise<{ url: URL; pending: PendingLogin }> {
    const pending = {
      verifier: oidc.randomPKCECodeVerifier(),
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
    };
    const url = oidc.buildAuthorizationUrl(await this.config(), {
      redirect_uri: this.redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: "S256",
      state: pending.state,
      nonce: pending.nonce,
      // Moos shows its screens in the shop's language.
      ui_locales: options.language,
    });
    return { url, pending };
  }

  /** Exchanges the code of Moos's answer; throws on an error answer or a bad token. */
  async finish(callback: URL, pending: PendingLogin): Promise<SignedIn> {
    const tokens = await oidc.authorizationCodeGrant(await this.config(), callback, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims || !tokens.id_token) throw new Error("Moos sent no ID token");
    const text = (value: unknown): string | undefined =>
      typeof value === "string" && value ? value : undefined;
    return {
      subject: claims.sub,
      sid: text(claims.sid),
      name: text(claims.name) ?? text(claims.given_name) ?? text(claims.email) ?? claims.sub,
      email: text(claims.email),
      idToken: tokens.id_token,
    };
  }

  /** RP-initiated logout: Moos ends its session too, then comes back to the shop. */
  async logoutUrl(idToken: string): Promise<URL> {
    return oidc.buildEndSessionUrl(await this.config(), {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${this.options.baseUrl}/`,
    });
  }
}
