import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps/deps.ts";
import { type Answer, jsonAnswer } from "../../http/answer.ts";
import { normaliseBody } from "../../http/body.ts";
import { bodySchema } from "../../http/body-schema.ts";
import type { Ctx } from "../../http/context.ts";
import { csrfCookie } from "../../http/cookies.ts";
import { csrfTokenMatches } from "../../http/csrf.ts";
import { errors, kratosError } from "../../http/errors.ts";
import { wantsJson } from "../../http/negotiate.ts";
import { isExpired } from "../flow.ts";
import { answerRequest } from "../flow-routes.ts";
import { createLoginFlow } from "../login/create-login-flow.ts";
import { answerSocialOutcome } from "./answer-social.ts";
import { isRefusal } from "./strategy.ts";

// FedCM (Google One Tap style sign-in, https://w3c-fedid.github.io/FedCM/) in Ory Network's
// shape (createFedcmFlow / updateFedcmFlow):
// - GET /self-service/fed-cm/parameters starts a login flow and returns, per provider with a
//   FedCM config URL, what `navigator.credentials.get` needs, with a fresh nonce;
// - POST /self-service/fed-cm/token takes the ID token the browser got, checks the CSRF token,
//   finds the flow by the nonce (once), has the method verify the token and signs in or
//   registers, as a submit of the oidc method does.

/** Kratos's UpdateFedcmFlowBody (csrf_token is checked against the cookie as sent). */
const tokenBody = bodySchema(
  { token: "string", nonce: "string" },
  { kratos: "UpdateFedcmFlowBody" },
);

export function registerFedcmRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/self-service/fed-cm/parameters", async (request, reply) => {
    const ctx: Ctx = { deps, request, reply, json: true };
    await answerRequest(ctx, () => parameters(ctx));
  });
  app.post("/self-service/fed-cm/token", async (request, reply) => {
    const ctx: Ctx = { deps, request, reply, json: wantsJson(request) };
    await answerRequest(ctx, () => token(ctx));
  });
}

async function parameters(ctx: Ctx): Promise<Answer> {
  const { fedcm } = ctx.deps.strategies.social;
  if (!fedcm.isConfigured(ctx.deps)) throw errors.badRequest("No FedCM provider is configured.");
  const flow = await createLoginFlow(ctx, {
    type: "browser",
    refresh: false,
    requestedAal: "aal1",
    exchange: false,
  });
  const providers = await fedcm.parameters(ctx, flow);
  return jsonAnswer(200, { csrf_token: flow.csrf_token, providers });
}

async function token(ctx: Ctx): Promise<Answer> {
  const { deps } = ctx;
  const social = deps.strategies.social;
  const raw = normaliseBody(ctx.request.body);
  const body = tokenBody.parse(raw);
  if (!csrfTokenMatches(raw.csrf_token, ctx.request.cookies[csrfCookie(deps.config)]))
    throw errors.csrf("The CSRF token is missing or does not match the cookie.");
  const found = await social.fedcm.flowOf(ctx, body.token ?? "", body.nonce);
  const flow = found ? await deps.persistence.flows.getFlow(found.flowId, "login") : undefined;
  if (!found || !flow)
    throw errors.badRequest("The nonce is unknown or was used already; get new parameters.");
  if (isExpired(flow, deps.now()))
    throw kratosError("self_service_flow_expired", "self-service flow expired", {
      reason: "The FedCM parameters expired; get new ones.",
    });
  const profile = await social.fedcm.verify(ctx, found);
  const outcome = isRefusal(profile)
    ? profile
    : await social.signIn(ctx, flow, profile, { via: "request" });
  return answerSocialOutcome(ctx, flow, outcome, "request");
}
