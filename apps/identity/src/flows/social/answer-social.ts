import { localeOf } from "../../hooks/locale.ts";
import { loginChallengeOf } from "../../hooks/oauth2-login.ts";
import { type Answer, jsonAnswer, redirectAnswer } from "../../http/answer.ts";
import type { Ctx, RequestCtx } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Flow } from "../flow.ts";
import { answerRedirect, answerWithFlow, flowJson } from "../flow-answer.ts";
import type { NativeAppReturn } from "../flow-state.ts";
import { afterLoginUrl } from "../login/after-login.ts";
import { completeLogin, issueLoginSession } from "../login/complete-login.ts";
import { loginToLinkProfile } from "../login/link-profile.ts";
import { uiUrl } from "../new-flow.ts";
import { completeSignUp } from "../registration/complete-sign-up.ts";
import { createRegistrationFlow } from "../registration/create-registration-flow.ts";
import { oidcTraitsNodes } from "../registration/ui.ts";
import { completeSettings } from "../settings/outcome.ts";
import { putMessages } from "../verdict.ts";
import type { SocialOutcome, Via } from "./strategy.ts";

// How a social sign-in answers, whichever way the profile arrived (docs/protocol.md#submit-outcomes).
// `browser`: the request is the provider's callback, a top-level navigation, so every answer is
// a redirect (to the flow's screen, the return URL or the app). `request`: a form submit, FedCM
// or an app's id_token, answered as any flow submit is. Each outcome saves what it changes once
// and answers once.

export async function answerSocialOutcome(
  ctx: Ctx,
  flow: Flow,
  outcome: SocialOutcome,
  via: Via,
): Promise<Answer> {
  switch (outcome.result) {
    case "refused":
      putMessages(flow.payload.ui, [{ text: outcome.message }]);
      if (flow.kind === "settings") flow.state = "show_form";
      await ctx.deps.persistence.flows.updateFlow(flow);
      return showFlow(ctx, flow, via);
    case "redirect":
      return answerRedirect(ctx, flow, outcome);
    case "signed_in": {
      delete flow.internal.oidcPending;
      const factor = { method: "oidc", provider: outcome.provider };
      const issued = await issueLoginSession(ctx, flow, outcome.identity, factor);
      return completeLogin(ctx, flow, {
        identity: outcome.identity,
        issued,
        inBrowser: via === "browser",
      });
    }
    case "linked":
      return completeSettings(ctx, flow, outcome.identity);
    case "sign_up":
    case "ask_traits":
    case "link_required":
      return answerInRegistration(ctx, flow, outcome, via);
  }
}

/**
 * What continues as a sign-up does so in a registration flow: this one, or, for a login flow
 * (and an app's flow that came back in the browser), a new browser flow that takes it on.
 */
async function answerInRegistration(
  ctx: Ctx,
  flow: Flow,
  outcome: SocialOutcome & { result: "sign_up" | "ask_traits" | "link_required" },
  via: Via,
): Promise<Answer> {
  const keep = flow.kind === "registration" && !(flow.type === "api" && via === "browser");
  const target = keep ? flow : await registrationFrom(ctx, flow, via);
  switch (outcome.result) {
    case "ask_traits": {
      const { deps } = ctx;
      target.internal.oidcPending = outcome.pending;
      target.payload.active = "oidc";
      target.state = "choose_method";
      target.payload.ui.nodes = oidcTraitsNodes(deps, target.csrf_token, {
        traits: outcome.traits,
        ask: outcome.ask,
        provider: outcome.provider,
      });
      putMessages(target.payload.ui, outcome.messages);
      await deps.persistence.flows.updateFlow(target);
      return target === flow ? showFlow(ctx, target, via) : continueInFlow(ctx, target, via);
    }
    case "link_required": {
      const login = await loginToLinkProfile(ctx, target, {
        ...outcome,
        type: via === "browser" ? "browser" : target.type,
        nativeApp: nativeAppOf(ctx, target, via),
      });
      return continueInFlow(ctx, login, via);
    }
    case "sign_up": {
      const { identity } = outcome;
      const answer = await completeSignUp(ctx, target, {
        identity,
        method: "oidc",
        sessionMethod: { method: "oidc", provider: outcome.provider },
        verify: unverifiedAddresses(identity),
        locale: localeOf(ctx.request, undefined, identity),
        // An app shows the verification itself: no UI to send it to.
        verificationUrlForApps: false,
        inBrowser: via === "browser",
      });
      // Another registration took the address or the profile first.
      return answer ?? answerSocialOutcome(ctx, target, await outcome.ifTaken(), via);
    }
  }
}

function unverifiedAddresses(identity: Identity): string[] {
  return identity.verifiable_addresses.filter((a) => !a.verified).map((a) => a.value);
}

/** A registration flow continuing a login whose profile has no account yet (or an app's). */
async function registrationFrom(ctx: RequestCtx, from: Flow, via: Via): Promise<Flow> {
  const flow = await createRegistrationFlow(ctx, {
    type: via === "browser" ? "browser" : from.type,
    returnTo: from.payload.return_to,
    afterVerificationReturnTo: from.internal.afterVerificationReturnTo,
    exchange: false,
    loginChallenge: loginChallengeOf(from),
  });
  const native = nativeAppOf(ctx, from, via);
  if (native) flow.internal.nativeApp = native;
  return flow;
}

/** The flow again, with its messages: its screen in the browser, else 400 and the flow. */
async function showFlow(ctx: Ctx, flow: Flow, via: Via): Promise<Answer> {
  if (via === "browser") return redirectAnswer(uiUrl(ctx.deps, flow.kind, flow.id));
  return answerWithFlow(ctx, flow, 400);
}

/**
 * The sign-in continues in another flow (a registration asking for what is missing, or the
 * login that links the social profile): browsers go to its screen, JSON clients are told to
 * go there (422 browser_location_change_required), apps get the flow to render.
 */
async function continueInFlow(ctx: Ctx, flow: Flow, via: Via): Promise<Answer> {
  const target = uiUrl(ctx.deps, flow.kind, flow.id);
  if (via === "browser" || (!ctx.json && flow.type === "browser")) return redirectAnswer(target);
  if (flow.type === "api") return jsonAnswer(400, await flowJson(ctx, flow));
  throw errors.browserLocationChange(target);
}

/** An app flow continued in the browser hands the session back to the app at the end. */
function nativeAppOf(ctx: RequestCtx, from: Flow, via: Via): NativeAppReturn | undefined {
  if (from.internal.nativeApp) return from.internal.nativeApp;
  if (from.type !== "api" || via !== "browser") return undefined;
  return { flowId: from.id, returnTo: afterLoginUrl(ctx.deps, from.payload.return_to) };
}
