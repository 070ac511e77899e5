import { MessageId } from "@moos/contract";
import { acceptSignedInBrowser, loginChallengeOf } from "../../hooks/oauth2-login.ts";
import { type Answer, redirectAnswer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { kratosError } from "../../http/errors.ts";
import { findActiveSession } from "../../session/session-manager.ts";
import { addFieldMessage, addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { guardRegistration, keepSubmittedTraits } from "../bot-defence.ts";
import type { Flow } from "../flow.ts";
import { answerWithFlow, saveAndAnswerWithFlow } from "../flow-answer.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { browserLoginChallenge, loginChallengeParam } from "../login-challenge.ts";
import { validateReturnTo } from "../return-to.ts";
import { checkOrganizationAndSchema } from "../shared-params.ts";
import { afterRegistrationUrl } from "./after-registration.ts";
import { createRegistrationFlow } from "./create-registration-flow.ts";
import { submitRegistrationMethod } from "./submit-method.ts";
import { registrationForm } from "./ui.ts";

/** What the registration flow reads of every submit itself: the method and profile_first's step. */
const registrationFields = bodySchema({ method: "string", screen: "string" });

export const registrationFlow: FlowKindModule<BodyOf<{ method: "string"; screen: "string" }>> = {
  kind: "registration",
  expiredMessageId: MessageId.registrationFlowExpired,
  isEnabled: (deps) => deps.config.selfservice.flows.registration.enabled,
  submitFields: () => registrationFields,

  async init(ctx, type) {
    const params = query(ctx);
    checkOrganizationAndSchema(ctx, params);
    const challenge = loginChallengeParam(ctx, params);
    const oauth2 =
      challenge && type === "browser" ? await browserLoginChallenge(ctx, challenge) : undefined;
    const returnTo = oauth2?.returnTo ?? validateReturnTo(ctx.deps.config, params.return_to);
    const afterVerificationReturnTo = validateReturnTo(
      ctx.deps.config,
      params.after_verification_return_to,
    );
    const active = await findActiveSession(ctx.deps, ctx.request);
    if (active) {
      if (oauth2?.request.skip) return acceptSignedInBrowser(ctx, oauth2.challenge, active.session);
      // Kratos: the provider wants this person to sign in again, which is the login flow's
      // job (a refresh); the query (login_challenge, return_to) goes along.
      if (oauth2) return redirectAnswer(loginInitUrl(ctx), 302);
      if (!ctx.json && type === "browser")
        return redirectAnswer(afterRegistrationUrl(ctx.deps, returnTo));
      throw kratosError(
        "session_already_available",
        "A valid session was detected and thus registration is not possible.",
        {
          reason: "A valid session was detected and thus registration is not possible.",
        },
      );
    }
    const flow = await createRegistrationFlow(ctx, {
      type,
      returnTo,
      afterVerificationReturnTo,
      exchange: type === "api" && params.return_session_token_exchange_code === "true",
      loginChallenge: challenge,
    });
    return answerWithFlow(ctx, flow);
  },

  async recreate(ctx, expired) {
    return createRegistrationFlow(ctx, {
      type: expired.type,
      returnTo: expired.payload.return_to,
      afterVerificationReturnTo: expired.internal.afterVerificationReturnTo,
      exchange: false,
      loginChallenge: loginChallengeOf(expired),
    });
  },

  async submit(ctx, flow, { body, fields }) {
    resetMessages(flow.payload.ui);
    if (flow.internal.completed) {
      addFlowMessage(flow.payload.ui, uiText(MessageId.registrationAlreadyCompleted));
      return answerWithFlow(ctx, flow, 400);
    }
    const gate = await guardRegistration(ctx, flow, body);
    if (gate.result === "refused") {
      keepSubmittedTraits(flow, body, ctx.deps.defaultSchema.fields);
      return saveAndAnswerWithFlow(ctx, flow, gate.messages, { status: 400 });
    }
    const { method, screen } = fields();
    if (screen === "previous") return showProfile(ctx, flow, body);
    if (method === "profile" || screen === "credential-selection")
      return submitProfile(ctx, flow, body);
    const strategy = ctx.deps.strategies.registration.find(
      (s) => s.isSubmit(body) && s.isEnabled(ctx.deps),
    );
    if (strategy) return submitRegistrationMethod(ctx, flow, strategy, body);
    addFlowMessage(flow.payload.ui, uiText(MessageId.registrationMethodNotFound));
    await ctx.deps.persistence.flows.updateFlow(flow);
    return answerWithFlow(ctx, flow, 400);
  },
};

/** The login flow's browser init with this request's query. */
function loginInitUrl(ctx: Ctx): string {
  const url = new URL("self-service/login/browser", ctx.deps.config.serve.public.base_url);
  url.search = new URL(ctx.request.url, "http://placeholder.invalid").search;
  return url.toString();
}

/** The profile step's body (Kratos's updateRegistrationFlowWithProfileMethod): the traits. */
const profileBody = bodySchema(
  { traits: "value" },
  { kratos: "updateRegistrationFlowWithProfileMethod" },
);

/** `screen=previous`: back to step one with the traits as they were (Kratos's returnToProfileForm). */
async function showProfile(ctx: Ctx, flow: Flow, body: Body): Promise<Answer> {
  flow.state = "choose_method";
  const traits = (profileBody.parse(body).traits ?? {}) as Record<string, unknown>;
  flow.payload.ui.nodes = await registrationForm(ctx, flow, "profile", traits);
  await ctx.deps.persistence.flows.updateFlow(flow);
  // A step answers 400 with the flow (docs/protocol.md#quirks); browsers go back to the UI.
  return answerWithFlow(ctx, flow, 400);
}

/**
 * Step one of profile_first: valid traits lead to the credential choice. As Kratos's
 * showCredentialsSelection, no method is chosen yet: `active` is reset (Ory Elements reads it
 * as the chosen method) and the state is choose_method, also when coming back from the code step.
 */
async function submitProfile(ctx: Ctx, flow: Flow, body: Body): Promise<Answer> {
  const { traits, errors } = ctx.deps.defaultSchema.validate(profileBody.parse(body).traits);
  flow.state = "choose_method";
  delete flow.payload.active;
  if (errors.length > 0) {
    flow.payload.ui.nodes = await registrationForm(ctx, flow, "profile", traits);
    for (const error of errors) addFieldMessage(flow.payload.ui, error.field, error.message);
  } else {
    flow.payload.ui.nodes = await registrationForm(ctx, flow, "credentials", traits);
    addFlowMessage(flow.payload.ui, uiText(MessageId.chooseCredential));
  }
  await ctx.deps.persistence.flows.updateFlow(flow);
  // A step answers 400 with the flow (docs/protocol.md#quirks); browsers go back to the UI.
  return answerWithFlow(ctx, flow, 400);
}
