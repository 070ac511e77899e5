import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps/deps.ts";
import { type Answer, redirectAnswer } from "../../http/answer.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { AccountLocked } from "../../session/account-lock.ts";
import { resetMessages } from "../../ui/nodes.ts";
import { accountLockedAnswer } from "../account-locked.ts";
import { isExpired } from "../flow.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { answerRequest, recreateExpired } from "../flow-routes.ts";
import { createLoginFlow } from "../login/create-login-flow.ts";
import { loginFlow } from "../login/login-flow.ts";
import { uiUrl } from "../new-flow.ts";
import { registrationFlow } from "../registration/registration-flow.ts";
import { beginSettingsAttempt } from "../settings/outcome.ts";
import { settingsFlow } from "../settings/settings-flow.ts";
import { sessionForSubmit } from "../settings/settings-session.ts";
import { answerSocialOutcome } from "./answer-social.ts";
import { socialCallbackPath, socialCallbackUrl } from "./callback-url.ts";
import { type CallbackState, isRefusal, type SocialRefusal } from "./strategy.ts";

// Where a provider sends the browser back after a social sign-in (or a `link` in settings). The
// method checks the state and redeems the code (deps.strategies.social); this route finds the
// flow the state names and answers, always with a redirect: the request is a browser's
// top-level navigation.

const modules: Record<CallbackState["flowKind"], FlowKindModule> = {
  login: loginFlow,
  registration: registrationFlow,
  settings: settingsFlow,
};

export function registerSocialCallbackRoutes(app: FastifyInstance, deps: Deps): void {
  // Apple answers with a cross-site form POST (response_mode=form_post), which carries no
  // SameSite=Lax cookies. As Kratos does, it becomes a GET to the same URL with the fields in
  // the query; state is checked there, where the browser's cookies arrive.
  app.post(socialCallbackPath, async (request, reply) => {
    const ctx: Ctx = { deps, request, reply, json: false };
    await answerRequest(ctx, async () => {
      const { provider } = request.params as { provider: string };
      const target = new URL(socialCallbackUrl(deps, provider));
      const fields = { ...asStrings(request.query), ...asStrings(request.body) };
      for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
      return redirectAnswer(target.toString());
    });
  });
  app.get(socialCallbackPath, async (request, reply) => {
    const ctx: Ctx = { deps, request, reply, json: false };
    await answerRequest(ctx, () => answerCallback(ctx));
  });
}

async function answerCallback(ctx: Ctx): Promise<Answer> {
  const { deps } = ctx;
  const social = deps.strategies.social;
  const { provider } = ctx.request.params as { provider: string };
  const params = query(ctx);
  const state = await social.takeCallbackState(ctx, params);
  if (isRefusal(state)) return failFresh(ctx, state);
  const flow = await deps.persistence.flows.getFlow(state.flowId, state.flowKind);
  if (!flow || flow.internal.completed) return failFresh(ctx, social.staleCallback(ctx));
  if (isExpired(flow, deps.now())) {
    const fresh = await recreateExpired(ctx, modules[state.flowKind], flow);
    return redirectAnswer(uiUrl(deps, fresh.kind, fresh.id));
  }
  resetMessages(flow.payload.ui);
  const profile = await social.redeemCallback(ctx, state, provider, params);
  if (isRefusal(profile)) return answerSocialOutcome(ctx, flow, profile, "browser");
  if (flow.kind !== "settings") {
    try {
      const outcome = await social.signIn(ctx, flow, profile, {
        via: "browser",
        traits: state.traits,
      });
      return await answerSocialOutcome(ctx, flow, outcome, "browser");
    } catch (error) {
      // The provider vouched for the customer, but the account is locked.
      if (error instanceof AccountLocked)
        return accountLockedAnswer(ctx, flow, { navigation: true });
      throw error;
    }
  }
  const active = await sessionForSubmit(ctx, flow);
  beginSettingsAttempt(flow, "oidc");
  return answerSocialOutcome(ctx, flow, await social.link(ctx, active, profile), "browser");
}

/**
 * A callback that belongs to no flow this browser may continue (forged, replayed, expired or
 * from another browser): a new login flow says so. The original flow is left untouched.
 */
async function failFresh(ctx: Ctx, refused: SocialRefusal): Promise<Answer> {
  const flow = await createLoginFlow(ctx, {
    type: "browser",
    refresh: false,
    requestedAal: "aal1",
    exchange: false,
  });
  return answerSocialOutcome(ctx, flow, refused, "browser");
}

function asStrings(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value)
      .filter((entry): entry is [string, string] => typeof entry[1] === "string")
      .slice(0, 20)
      .map(([key, text]) => [key, text.slice(0, 8192)]),
  );
}
