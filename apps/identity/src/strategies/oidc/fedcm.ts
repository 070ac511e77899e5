import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { decodeJwt } from "jose";
import * as client from "openid-client";
import type { Deps } from "../../deps/deps.ts";
import { isExpired } from "../../flows/flow.ts";
import { createLoginFlow } from "../../flows/login/login-flow.ts";
import { normaliseBody, optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { csrfCookie } from "../../http/cookies.ts";
import { csrfTokenMatches } from "../../http/csrf.ts";
import { errors, kratosError } from "../../http/errors.ts";
import { wantsJson } from "../../http/negotiate.ts";
import { sendError, sendJson } from "../../http/respond.ts";
import { enabledOidcProviders } from "../../ui/oidc-nodes.ts";
import { failOnFlow } from "./answer.ts";
import type { OidcClient } from "./clients.ts";
import { OidcError } from "./errors.ts";
import { finishWithProfile } from "./finish.ts";

// FedCM (Google One Tap style sign-in, https://w3c-fedid.github.io/FedCM/) in Ory Network's
// shape (kratos-openapi.json createFedcmFlow / updateFedcmFlow):
// - GET /self-service/fed-cm/parameters starts a login flow and returns, per provider with a
//   FedCM config URL, what `navigator.credentials.get` needs, with a fresh nonce;
// - POST /self-service/fed-cm/token takes the ID token the browser got, checks the CSRF token,
//   finds the flow by the nonce (once), verifies the token against the provider's JWKS
//   (signature, issuer, audience = our client id, expiry, nonce) and signs in or registers.

const nonceKind = "fedcm_nonce";
const nonceKey = (nonce: string): string =>
  `fedcm:${createHash("sha256").update(nonce).digest("hex")}`;

export function registerFedcmRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/self-service/fed-cm/parameters", async (request, reply) => {
    const ctx: Ctx = { deps, request, reply, json: true };
    try {
      await parameters(ctx);
    } catch (error) {
      await sendError(deps, request, reply, error, true);
    }
  });
  app.post("/self-service/fed-cm/token", async (request, reply) => {
    const ctx: Ctx = { deps, request, reply, json: wantsJson(request) };
    try {
      await token(ctx);
    } catch (error) {
      await sendError(deps, request, reply, error, ctx.json);
    }
  });
}

function fedcmProviders(deps: Deps): { client: OidcClient; configUrl: string }[] {
  return enabledOidcProviders(deps.config).flatMap((p) => {
    const oidcClient = deps.oidc.get(p.id);
    return oidcClient && p.fedcm_config_url
      ? [{ client: oidcClient, configUrl: p.fedcm_config_url }]
      : [];
  });
}

async function parameters(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const providers = fedcmProviders(deps);
  if (providers.length === 0) throw errors.badRequest("No FedCM provider is configured.");
  const flow = await createLoginFlow(ctx, {
    type: "browser",
    refresh: false,
    requestedAal: "aal1",
    exchange: false,
  });
  const nonce = client.randomNonce();
  await deps.persistence.exchanges.putExchange(
    nonceKey(nonce),
    nonceKind,
    { flowId: flow.id },
    flow.expires_at,
  );
  sendJson(ctx.reply, 200, {
    csrf_token: flow.csrf_token,
    providers: providers.map(({ client: c, configUrl }) => ({
      config_url: configUrl,
      client_id: c.config.client_id,
      nonce,
      parameters: { nonce },
    })),
  });
}

async function token(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const body = normaliseBody(ctx.request.body);
  const idToken = optionalString(body, "token") ?? "";
  if (!csrfTokenMatches(body.csrf_token, ctx.request.cookies[csrfCookie(deps.config)]))
    throw errors.csrf("The CSRF token is missing or does not match the cookie.");
  const claims = peek(idToken);
  const nonce =
    optionalString(body, "nonce") ?? (typeof claims.nonce === "string" ? claims.nonce : "");
  const stored = nonce
    ? await deps.persistence.exchanges.takeExchange(nonceKey(nonce), nonceKind, deps.now())
    : undefined;
  const flow = stored
    ? await deps.persistence.flows.getFlow(String(stored.flowId), "login")
    : undefined;
  if (!flow)
    throw errors.badRequest("The nonce is unknown or was used already; get new parameters.");
  if (isExpired(flow, deps.now()))
    throw kratosError("self_service_flow_expired", "self-service flow expired", {
      reason: "The FedCM parameters expired; get new ones.",
    });
  // The issuer picks the provider; the audience only chooses between clients of one issuer
  // (verification checks it anyway).
  const candidates = fedcmProviders(deps).filter(({ client: c }) =>
    sameIssuer(c.config.issuer_url, claims.iss),
  );
  const match =
    candidates.find(({ client: c }) => hasAudience(claims.aud, c.config.client_id)) ??
    candidates[0];
  if (!match) return failOnFlow(ctx, flow, new OidcError("provider_unknown"), "request");
  try {
    const profile = await match.client.verifyIdToken(idToken);
    if (profile.claims.nonce !== nonce)
      throw new OidcError("id_token_invalid", { detail: "nonce" });
    await finishWithProfile(ctx, flow, profile, { via: "request" });
  } catch (error) {
    if (error instanceof OidcError)
      return failOnFlow(ctx, flow, error, "request", match.client.config.label);
    throw error;
  }
}

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
