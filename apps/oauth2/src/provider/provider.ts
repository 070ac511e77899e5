import type { IncomingMessage } from "node:http";
import { isDatabaseUnavailable } from "@moos/postgres";
import Provider, {
  type Configuration,
  type KoaContextWithOIDC,
  type SigningAlgorithmWithNone,
} from "oidc-provider";
import { verifyClientSecret } from "../clients/client-secret.ts";
import type { Config } from "../config/config.ts";
import { unavailableDescription, unavailableRetryAfterSeconds } from "../flows/flow-error.ts";
import type { SigningSet } from "../keys/key-ring.ts";
import type { ConsentStore } from "../persistence/consent-store.ts";
import type { LogoutStore } from "../persistence/logout-store.ts";
import type { AdapterConstructor } from "../persistence/oidc-adapter.ts";
import { findAccount } from "./account.ts";
import { renderError } from "./error-page.ts";
import { hydraPolicy, interactionUrl } from "./interaction-policy.ts";
import { logoutPath, logoutSource, postLogoutSuccessSource } from "./logout.ts";
import { impliedConsentForOfflineAccess } from "./offline-access.ts";

// oidc-provider configured to stand where Ory Hydra stands: Hydra's public paths, the login
// and consent apps asked through interactions, storage and keys from the database. Built anew
// by provider-host.ts whenever the signing keys change; everything else it holds lives in the
// database, so a rebuilt (or another) instance continues every flow.

export interface ProviderDeps {
  config: Config;
  adapter: AdapterConstructor;
  consents: ConsentStore;
  logouts: LogoutStore;
  keys: SigningSet;
  /** oidc-provider's `server_error`: an unexpected error it answered with server_error. */
  onServerError: (error: unknown, request: IncomingMessage) => void;
  /** A request oidc-provider failed because the database was away: answered 503. */
  onUnavailable: (error: Error, request: IncomingMessage) => void;
}

export const cookieNames = {
  // Not oidc-provider's `_session`: cookies ignore ports, and the local sign-in provider on
  // the same host (127.0.0.1:4446) uses the default names.
  session: "moos_oauth2_session",
  interaction: "moos_oauth2_interaction",
  resume: "moos_oauth2_resume",
};

export const standardScopes = ["openid", "offline_access", "email", "profile"];

const seconds = (ms: number): number => Math.max(1, Math.round(ms / 1000));

export function buildProvider(deps: ProviderDeps): Provider {
  const { config } = deps;
  const provider = new Provider(config.urls.self.issuer, configuration(deps));
  provider.proxy = config.serve.public.trust_proxy;
  // Client secrets are stored as scrypt hashes; oidc-provider sees the hash as the secret and
  // asks the client to compare (client_secret_jwt and HS* algorithms are not offered).
  Object.assign(provider.Client.prototype, {
    compareClientSecret(this: { clientSecret?: string }, actual: string): Promise<boolean> {
      return this.clientSecret
        ? verifyClientSecret(actual, this.clientSecret)
        : Promise.resolve(false);
    },
  });
  provider.use(impliedConsentForOfflineAccess("/oauth2/auth"));
  provider.on("server_error", (ctx: KoaContextWithOIDC, error: unknown) => {
    if (!isDatabaseUnavailable(error)) return deps.onServerError(error, ctx.req);
    // An outage, not a bug (docs/production.md#when-the-database-is-down). Pages are rendered
    // by renderError; an API answer (token, userinfo, JWKS) is made a 503 here, in RFC 6749's
    // words, before it is sent.
    deps.onUnavailable(error as Error, ctx.req);
    if (ctx.status === 500 && typeof ctx.body === "object" && ctx.body !== null) {
      ctx.status = 503;
      ctx.set("retry-after", String(unavailableRetryAfterSeconds));
      ctx.body = { error: "temporarily_unavailable", error_description: unavailableDescription };
    }
  });
  return provider;
}

function configuration(deps: ProviderDeps): Configuration {
  const { config, keys } = deps;
  const cookie = {
    httpOnly: true,
    sameSite: config.serve.cookies.same_site_mode.toLowerCase() as "lax" | "strict" | "none",
    ...(config.serve.cookies.domain ? { domain: config.serve.cookies.domain } : {}),
  };
  return {
    adapter: deps.adapter,
    jwks: { keys: keys.keys },
    cookies: { names: cookieNames, keys: [...config.secrets.cookie], long: cookie, short: cookie },
    scopes: [...standardScopes, ...config.webfinger.oidc_discovery.supported_scope],
    // The login app's assurance levels, which it reports as the login's `acr` (the identity
    // service: the session's aal). Listed, the ID token carries `acr`, and a client may ask for
    // a second factor with `acr_values=aal2` (docs/openid-provider.md#assurance-levels).
    acrValues: ["aal1", "aal2"],
    claims: {
      // `amr`: the methods the login app reported in its accept call, in ID tokens as Hydra's.
      openid: ["sub", "amr"],
      email: ["email", "email_verified"],
      profile: [
        ...["name", "given_name", "family_name", "middle_name", "nickname"],
        ...["preferred_username", "profile", "picture", "website", "gender", "birthdate"],
        ...["zoneinfo", "locale", "updated_at"],
      ],
    },
    // As with Hydra, the claims the scopes grant are in the ID token itself.
    conformIdTokenClaims: false,
    // OpenID Connect requires redirect_uri; it is compared exactly (for native apps' loopback
    // redirects any port, RFC 8252 §7.3).
    allowOmittingSingleRegisteredRedirectUri: false,
    responseTypes: ["code"],
    clientAuthMethods: ["client_secret_basic", "client_secret_post", "none"],
    clientDefaults: {
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: keys.signer.alg as SigningAlgorithmWithNone,
    },
    enabledJWA: {
      idTokenSigningAlgValues: ["RS256", "ES256"],
      userinfoSigningAlgValues: ["RS256", "ES256"],
    },
    pkce: {
      // S256 only: oidc-provider refuses `plain` for everyone.
      required: (_ctx, client) =>
        config.oauth2.pkce.enforced ||
        (config.oauth2.pkce.enforced_for_public_clients && client.clientAuthMethod === "none"),
    },
    routes: {
      authorization: "/oauth2/auth",
      token: "/oauth2/token",
      userinfo: "/userinfo",
      jwks: "/.well-known/jwks.json",
      end_session: logoutPath,
      revocation: "/oauth2/revoke",
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: logoutSource({
          issuer: config.urls.self.issuer,
          logoutUrl: config.urls.logout,
          lifetime: config.ttl.login_consent_request,
          logouts: deps.logouts,
        }),
        postLogoutSuccessSource: postLogoutSuccessSource(config.urls.post_logout_redirect),
      },
    },
    extraClientMetadata: {
      properties: ["skip_consent", "skip_logout_consent", "allowed_cors_origins"],
    },
    clientBasedCORS: (_ctx, origin, client) => {
      const allowed = (client as unknown as { allowed_cors_origins?: unknown })
        .allowed_cors_origins;
      return Array.isArray(allowed) && allowed.includes(origin);
    },
    rotateRefreshToken: true,
    // oidc-provider refuses to call loopback and private addresses (SSRF protection), which
    // also stops back-channel logouts to a shop backend on the same host or network.
    ...(config.outbound.allow_private_addresses ? { fetch: withoutAddressCheck } : {}),
    ttl: {
      AccessToken: seconds(config.ttl.access_token),
      AuthorizationCode: seconds(config.ttl.auth_code),
      IdToken: seconds(config.ttl.id_token),
      RefreshToken: seconds(config.ttl.refresh_token),
      Interaction: seconds(config.ttl.login_consent_request),
      Grant: seconds(Math.max(config.ttl.refresh_token, config.ttl.login_session)),
      Session: sessionTtl(seconds(config.ttl.login_session)),
    },
    interactions: {
      policy: hydraPolicy(),
      url: (_ctx, interaction) =>
        interactionUrl(config.urls, interaction.prompt.name, interaction.uid),
    },
    findAccount: findAccount(deps.consents),
    renderError: renderError(config.urls.error),
  };
}

function withoutAddressCheck(
  url: URL | string | Request,
  options?: RequestInit,
): Promise<Response> {
  const { dispatcher: _checked, ...rest } = (options ?? {}) as RequestInit & {
    dispatcher?: unknown;
  };
  return fetch(url, rest);
}

/**
 * A login session lives `ttl.login_session`, or the login accept's `remember_for` when set,
 * counted from the login; later visits do not extend it unless the accept asked to
 * (`extend_session_lifespan`), as with Hydra.
 */
function sessionTtl(defaultSeconds: number) {
  return (ctx: KoaContextWithOIDC, session: { exp?: number }): number => {
    const login = ctx.oidc?.result?.login as
      | { remember_for?: number; extend?: boolean }
      | undefined;
    if (login?.extend) return login.remember_for || defaultSeconds;
    if (typeof session.exp === "number") {
      return Math.max(1, session.exp - Math.floor(Date.now() / 1000));
    }
    return defaultSeconds;
  };
}
