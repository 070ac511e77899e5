import { createRemoteJWKSet, type JWTPayload, customFetch as joseFetch, jwtVerify } from "jose";
import * as client from "openid-client";
import type { Config, OidcProviderConfig } from "../../config/config.ts";
import { enabledOidcProviders } from "../../ui/oidc-nodes.ts";
import { appleClientSecret } from "./apple-client-secret.ts";
import { OidcError } from "./errors.ts";
import { facebookProfile, normaliseAppleClaims } from "./profiles.ts";

// The relying-party side of each provider, on openid-client: authorization code with PKCE
// (S256), state and, for OpenID providers, nonce; the answer's `iss` (RFC 9207) and the ID
// token's iss, aud, exp and nonce are checked by openid-client. Its signature too: OpenID
// Connect Core §3.1.3.7 lets a client trust TLS instead for tokens from the token endpoint,
// but we check it against the provider's JWKS anyway (non-repudiation checks), so a token
// endpoint answer cannot be forged even where TLS is not in play. Provider metadata
// comes from discovery once and is cached; a failed discovery is retried on the next sign-in,
// so a provider that was down at start-up works as soon as it is back.

/** Who the provider says signed in: keyed on (issuer, subject), never on the email. */
export interface ProviderProfile {
  provider: string;
  issuer: string;
  subject: string;
  /** OpenID Connect standard claims (given_name, email, email_verified, ...). */
  claims: Record<string, unknown>;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Whitelisted pass-through parameters (login_hint, prompt, hd). */
  upstream?: Record<string, string>;
}

export interface OidcClient {
  readonly config: OidcProviderConfig;
  /** True for OpenID providers (ID token, nonce); false for Facebook's plain OAuth 2. */
  readonly isOpenId: boolean;
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  exchangeCode(input: {
    callbackUrl: URL;
    state: string;
    nonce: string;
    codeVerifier: string;
    /** Apple's `user` form field (name on the first authorization). */
    appleUser?: string | undefined;
  }): Promise<ProviderProfile>;
  /** Verifies an ID token the browser or an app got directly (FedCM, native SDKs). */
  verifyIdToken(token: string): Promise<ProviderProfile>;
}

export interface OidcClients {
  get(id: string): OidcClient | undefined;
}

declare module "../../deps/deps.ts" {
  interface Deps {
    /** One client per enabled social sign-in provider (composition/app.ts builds them). */
    oidc: OidcClients;
  }
}

const timeoutSeconds = 10;
const metadataTtlMs = 60 * 60 * 1000;
const upstreamAllowed = new Set(["login_hint", "prompt", "hd", "auth_type"]);

export function createOidcClients(
  config: Readonly<Config>,
  options: { fetch: typeof fetch; now: () => Date },
): OidcClients {
  const clients = new Map(
    enabledOidcProviders(config).map((p) => [p.id, createClient(p, options)] as const),
  );
  return { get: (id) => clients.get(id) };
}

function isLoopback(url: string): boolean {
  const { hostname, protocol } = new URL(url);
  return protocol === "http:" && ["127.0.0.1", "localhost", "[::1]", "::1"].includes(hostname);
}

function createClient(
  provider: OidcProviderConfig,
  options: { fetch: typeof fetch; now: () => Date },
): OidcClient {
  const isOpenId = provider.provider !== "facebook";
  // Plain http only for a provider on this machine (the local sign-in provider).
  const insecure = isLoopback(provider.issuer_url);
  let metadata: { value: Promise<client.ServerMetadata>; at: number } | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  // Each exchange builds its own Configuration (Apple's secret changes); the keys are shared.
  let jwksCache: ReturnType<typeof client.getJwksCache>;

  async function serverMetadata(): Promise<client.ServerMetadata> {
    const now = Date.now();
    if (!metadata || now - metadata.at > metadataTtlMs) {
      const value = discover().catch((cause: unknown) => {
        metadata = undefined;
        throw new OidcError("provider_unavailable", { cause });
      });
      metadata = { value, at: now };
    }
    return metadata.value;
  }

  async function discover(): Promise<client.ServerMetadata> {
    const overrides = {
      ...(provider.auth_url ? { authorization_endpoint: provider.auth_url } : {}),
      ...(provider.token_url ? { token_endpoint: provider.token_url } : {}),
      ...(provider.userinfo_url ? { userinfo_endpoint: provider.userinfo_url } : {}),
    };
    if (!isOpenId) return { issuer: provider.issuer_url, ...overrides };
    const discovered = await client.discovery(
      new URL(provider.issuer_url),
      provider.client_id,
      undefined,
      client.None(),
      {
        [client.customFetch]: options.fetch,
        timeout: timeoutSeconds,
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
      },
    );
    // serverMetadata() also carries helper methods; keep the plain JSON fields only.
    const plain = JSON.parse(JSON.stringify(discovered.serverMetadata())) as client.ServerMetadata;
    return { ...plain, ...overrides };
  }

  async function clientConfiguration(): Promise<client.Configuration> {
    const server = await serverMetadata();
    const secret =
      provider.provider === "apple"
        ? await appleClientSecret(provider, options.now())
        : provider.client_secret;
    const configuration = new client.Configuration(
      server,
      provider.client_id,
      secret ? { client_secret: secret } : {},
      secret ? client.ClientSecretPost(secret) : client.None(),
    );
    configuration[client.customFetch] = options.fetch;
    configuration.timeout = timeoutSeconds;
    if (insecure) client.allowInsecureRequests(configuration);
    if (isOpenId) {
      client.enableNonRepudiationChecks(configuration);
      if (jwksCache) client.setJwksCache(configuration, jwksCache);
    }
    return configuration;
  }

  async function profileFromIdToken(
    claims: JWTPayload,
    appleUser?: string,
  ): Promise<ProviderProfile> {
    const server = await serverMetadata();
    if (typeof claims.sub !== "string" || !claims.sub)
      throw new OidcError("id_token_invalid", { detail: "no subject" });
    const normalised =
      provider.provider === "apple"
        ? normaliseAppleClaims(claims, appleUser)
        : { ...claims, email_verified: claims.email_verified === true };
    return {
      provider: provider.id,
      issuer: server.issuer,
      subject: claims.sub,
      claims: normalised,
    };
  }

  return {
    config: provider,
    isOpenId,

    async authorizationUrl(request) {
      const configuration = await clientConfiguration();
      const params: Record<string, string> = {
        redirect_uri: request.redirectUri,
        response_type: "code",
        scope: provider.scope.join(" "),
        state: request.state,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: "S256",
        ...(isOpenId ? { nonce: request.nonce } : {}),
        ...(provider.response_mode === "form_post" ? { response_mode: "form_post" } : {}),
      };
      for (const [key, value] of Object.entries(request.upstream ?? {})) {
        if (upstreamAllowed.has(key)) params[key] = value;
      }
      return client.buildAuthorizationUrl(configuration, params).href;
    },

    async exchangeCode(input) {
      const configuration = await clientConfiguration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(configuration, input.callbackUrl, {
          pkceCodeVerifier: input.codeVerifier,
          expectedState: input.state,
          ...(isOpenId ? { expectedNonce: input.nonce, idTokenExpected: true } : {}),
        });
      } catch (cause) {
        throw classify(cause);
      } finally {
        jwksCache = client.getJwksCache(configuration) ?? jwksCache;
      }
      if (!isOpenId) {
        const server = await serverMetadata();
        const profile = await facebookProfile({
          userinfoUrl: server.userinfo_endpoint ?? provider.userinfo_url ?? "",
          accessToken: tokens.access_token,
          appSecret: provider.client_secret ?? "",
          fetch: options.fetch,
        });
        return { provider: provider.id, issuer: server.issuer, ...profile };
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcError("id_token_invalid", { detail: "no ID token" });
      // A conformant provider may keep profile claims for its userinfo endpoint (Kratos's
      // generic provider reads it too); the ID token's claims win where both have one.
      let merged: JWTPayload = claims;
      if (provider.provider === "generic" && configuration.serverMetadata().userinfo_endpoint) {
        try {
          merged = {
            ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
            ...claims,
          };
        } catch (cause) {
          throw new OidcError("profile_unavailable", { cause });
        }
      }
      return profileFromIdToken(merged, input.appleUser);
    },

    async verifyIdToken(token) {
      const server = await serverMetadata();
      if (!isOpenId || !server.jwks_uri) throw new OidcError("provider_unknown");
      jwks ??= createRemoteJWKSet(new URL(server.jwks_uri), {
        [joseFetch]: options.fetch,
        timeoutDuration: timeoutSeconds * 1000,
      });
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: server.issuer,
          audience: provider.client_id,
          requiredClaims: ["sub", "exp", "iat"],
          clockTolerance: 5,
          currentDate: options.now(),
        });
        return await profileFromIdToken(payload);
      } catch (cause) {
        if (cause instanceof OidcError) throw cause;
        throw new OidcError("id_token_invalid", { cause });
      }
    },
  };
}

/** openid-client failures by kind: unreachable, refused by the provider, or not verifiable. */
function classify(cause: unknown): OidcError {
  if (cause instanceof OidcError) return cause;
  if (
    cause instanceof client.ResponseBodyError ||
    cause instanceof client.WWWAuthenticateChallengeError
  ) {
    const detail = cause instanceof client.ResponseBodyError ? cause.error : undefined;
    return new OidcError("token_rejected", { cause, ...(detail ? { detail } : {}) });
  }
  if (cause instanceof client.AuthorizationResponseError) {
    return new OidcError("provider_error", { cause, detail: cause.error });
  }
  const name = (cause as Error | undefined)?.name;
  if (cause instanceof TypeError || name === "AbortError" || name === "TimeoutError") {
    return new OidcError("provider_unavailable", { cause });
  }
  return new OidcError("id_token_invalid", { cause });
}
