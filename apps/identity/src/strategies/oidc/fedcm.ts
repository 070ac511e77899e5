import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import * as client from "openid-client";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { FedcmToken, SocialProfile, SocialRefusal } from "../../flows/social/strategy.ts";
import type { RequestCtx } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { enabledOidcProviders } from "../../ui/oidc-nodes.ts";
import type { OidcClient } from "./clients.ts";
import { OidcError } from "./errors.ts";
import { refusal } from "./refusal.ts";

// FedCM (Google One Tap style sign-in, https://w3c-fedid.github.io/FedCM/) in Ory Network's
// shape (kratos-openapi.json createFedcmFlow / updateFedcmFlow), behind the routes of
// flows/social/fedcm-routes.ts:
// - the parameters bind a fresh nonce to a new login flow and say, per provider with a FedCM
//   config URL, what `navigator.credentials.get` needs;
// - the token's nonce finds the flow (once), and the token is verified against the provider's
//   JWKS (signature, issuer, audience = our client id, expiry, nonce).

const nonceKind = "fedcm_nonce";
const nonceKey = (nonce: string): string =>
  `fedcm:${createHash("sha256").update(nonce).digest("hex")}`;

function fedcmProviders(deps: Deps): { client: OidcClient; configUrl: string }[] {
  return enabledOidcProviders(deps.config).flatMap((p) => {
    const oidcClient = deps.oidc.get(p.id);
    return oidcClient && p.fedcm_config_url
      ? [{ client: oidcClient, configUrl: p.fedcm_config_url }]
      : [];
  });
}

export const fedcm = {
  isConfigured: (deps: Deps): boolean => fedcmProviders(deps).length > 0,

  async parameters(ctx: RequestCtx, flow: Flow): Promise<unknown[]> {
    const { deps } = ctx;
    const nonce = client.randomNonce();
    await deps.persistence.exchanges.putExchange(
      nonceKey(nonce),
      nonceKind,
      { flowId: flow.id },
      flow.expires_at,
    );
    return fedcmProviders(deps).map(({ client: c, configUrl }) => ({
      config_url: configUrl,
      client_id: c.config.client_id,
      nonce,
      parameters: { nonce },
    }));
  },

  async flowOf(
    ctx: RequestCtx,
    token: string,
    nonce: string | undefined,
  ): Promise<FedcmToken | undefined> {
    const { deps } = ctx;
    const claims = peek(token);
    const bound = nonce ?? (typeof claims.nonce === "string" ? claims.nonce : "");
    const stored = bound
      ? await deps.persistence.exchanges.takeExchange(nonceKey(bound), nonceKind, deps.now())
      : undefined;
    return stored ? { flowId: String(stored.flowId), token, nonce: bound } : undefined;
  },

  async verify(ctx: RequestCtx, fedcmToken: FedcmToken): Promise<SocialProfile | SocialRefusal> {
    const claims = peek(fedcmToken.token);
    // The issuer picks the provider; the audience only chooses between clients of one issuer
    // (verification checks it anyway).
    const candidates = fedcmProviders(ctx.deps).filter(({ client: c }) =>
      sameIssuer(c.config.issuer_url, claims.iss),
    );
    const match =
      candidates.find(({ client: c }) => hasAudience(claims.aud, c.config.client_id)) ??
      candidates[0];
    if (!match) return refusal(ctx, new OidcError("provider_unknown"));
    try {
      const profile = await match.client.verifyIdToken(fedcmToken.token);
      if (profile.claims.nonce !== fedcmToken.nonce)
        throw new OidcError("id_token_invalid", { detail: "nonce" });
      return profile;
    } catch (error) {
      if (error instanceof OidcError) return refusal(ctx, error, match.client.config.label);
      throw error;
    }
  },
};

/** The token's claims before verification, only to pick the provider and the flow. */
function peek(token: string): Record<string, unknown> {
  try {
    return decodeJwt(token);
  } catch {
    throw errors.badRequest("The token is not a JWT.");
  }
}

function sameIssuer(configured: string, iss: unknown): boolean {
  return typeof iss === "string" && iss.replace(/\/$/, "") === configured.replace(/\/$/, "");
}

function hasAudience(aud: unknown, clientId: string): boolean {
  return aud === clientId || (Array.isArray(aud) && aud.includes(clientId));
}
