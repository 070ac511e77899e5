import { MessageId } from "@moos/contract";
import type { OidcProviderConfig } from "../../config/config.ts";
import {
  acceptSignedInBrowser,
  asksForSecondFactor,
  loginChallengeOf,
  meetsSecondFactorRequest,
} from "../../hooks/oauth2-login.ts";
import { type Answer, redirectAnswer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { errors, kratosError } from "../../http/errors.ts";
import { normaliseIdentifier } from "../../identity/identity.ts";
import { findActiveSession } from "../../session/session-manager.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { linkedProviders } from "../../ui/oidc-nodes.ts";
import { uiText } from "../../ui/text.ts";
import { guardLogin } from "../bot-defence.ts";
import type { Flow } from "../flow.ts";
import { answerWithFlow, saveAndAnswerWithFlow } from "../flow-answer.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { browserLoginChallenge, loginChallengeParam } from "../login-challenge.ts";
import { validateReturnTo } from "../return-to.ts";
import { checkOrganizationAndSchema } from "../shared-params.ts";
import { afterLoginUrl } from "./after-login.ts";
import { IDENTIFIER_STEP_FLOOR_MS, notSoonerThan } from "./answer-floor.ts";
import { createLoginFlow } from "./create-login-flow.ts";
import { submitFirstFactor } from "./first-factor-step.ts";
import { aal1Required, submitSecondFactorStep } from "./second-factor-step.ts";
import { enabledLoginMethod } from "./strategy.ts";
import { identifierStepNodes } from "./ui.ts";

/** What the login flow reads of every submit itself: the method, to pick who answers it. */
const loginFields = bodySchema({ method: "string" });

/** The first step of identifier_first (Kratos's updateLoginFlowWithIdentifierFirstMethod). */
const identifierFirstBody = bodySchema(
  { identifier: "string" },
  { kratos: "updateLoginFlowWithIdentifierFirstMethod" },
);

export const loginFlow: FlowKindModule<BodyOf<{ method: "string" }>> = {
  kind: "login",
  expiredMessageId: MessageId.loginFlowExpired,
  isEnabled: () => true,
  submitFields: () => loginFields,

  async init(ctx, type) {
    const params = query(ctx);
    checkOrganizationAndSchema(ctx, params);
    const challenge = loginChallengeParam(ctx, params);
    const oauth2 =
      challenge && type === "browser" ? await browserLoginChallenge(ctx, challenge) : undefined;
    // Kratos: a login the OAuth2 provider cannot skip re-authenticates a signed-in account.
    const refresh = params.refresh === "true" || (oauth2 !== undefined && !oauth2.request.skip);
    const asked =
      params.aal === "aal2" ? "aal2" : params.aal === "aal1" || !params.aal ? "aal1" : undefined;
    if (!asked)
      throw errors.badRequest(
        `Unable to parse AuthenticationMethod Assurance Level (AAL): ${params.aal}`,
      );
    const returnTo = oauth2?.returnTo ?? validateReturnTo(ctx.deps.config, params.return_to);
    const active = await findActiveSession(ctx.deps, ctx.request);
    // A client that asked for a second factor (`acr_values=aal2`) and a remembered sign-in
    // without one: the signed-in session is raised instead of being handed over as it is.
    const raise =
      oauth2 !== undefined &&
      active !== undefined &&
      !refresh &&
      asksForSecondFactor(oauth2.request) &&
      !meetsSecondFactorRequest(ctx.deps, active);
    const aal = raise ? "aal2" : asked;
    if (aal === "aal2" && !active) throw aal1Required(ctx);
    // Kratos answers a session that already has the requested level as signed in.
    if (active && !refresh && (aal === "aal1" || active.session.aal !== "aal1")) {
      if (oauth2) return acceptSignedInBrowser(ctx, oauth2.challenge, active.session);
      if (!ctx.json && type === "browser") return redirectAnswer(afterLoginUrl(ctx.deps, returnTo));
      throw kratosError(
        "session_already_available",
        "A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?",
        {
          reason: "A valid session was detected and thus login is not possible.",
        },
      );
    }
    const refreshOf =
      active && refresh
        ? { identifier: identifierOf(active.identity.credentials), identity: active.identity }
        : undefined;
    const flow = await createLoginFlow(ctx, {
      type,
      // As Kratos: without a session there is nothing to refresh.
      refresh: refresh && (active !== undefined || params.refresh === "true"),
      requestedAal: aal,
      returnTo,
      refreshOf,
      secondFactorOf: aal === "aal2" ? active : undefined,
      exchange: type === "api" && params.return_session_token_exchange_code === "true",
      loginChallenge: challenge,
    });
    return answerWithFlow(ctx, flow);
  },

  async recreate(ctx, expired) {
    const requestedAal = expired.payload.requested_aal === "aal2" ? "aal2" : "aal1";
    const active =
      requestedAal === "aal2" ? await findActiveSession(ctx.deps, ctx.request) : undefined;
    if (requestedAal === "aal2" && !active) throw aal1Required(ctx);
    return createLoginFlow(ctx, {
      type: expired.type,
      refresh: expired.payload.refresh === true,
      requestedAal,
      secondFactorOf: active,
      returnTo: expired.payload.return_to,
      exchange: false,
      loginChallenge: loginChallengeOf(expired),
    });
  },

  async submit(ctx, flow, { body, fields }) {
    // Each submit starts from a clean form: what it says replaces what the last one said.
    resetMessages(flow.payload.ui);
    if (flow.internal.completed) {
      addFlowMessage(flow.payload.ui, uiText(MessageId.loginAlreadyCompleted));
      return answerWithFlow(ctx, flow, 400);
    }
    const { method } = fields();
    if (flow.payload.requested_aal === "aal2") return submitSecondFactorStep(ctx, flow, body);
    if (method === "identifier_first") return submitIdentifier(ctx, flow, body);
    const gate = await guardLogin(ctx, flow, body);
    if (gate.result === "refused")
      return saveAndAnswerWithFlow(ctx, flow, gate.messages, { status: 400 });
    const strategy = ctx.deps.strategies.login.find(
      (s) => s.isSubmit(body) && s.isEnabled(ctx.deps),
    );
    if (strategy) return submitFirstFactor(ctx, flow, strategy, body);
    addFlowMessage(flow.payload.ui, uiText(MessageId.loginMethodNotFound));
    await ctx.deps.persistence.flows.updateFlow(flow);
    return answerWithFlow(ctx, flow, 400);
  },
};

async function submitIdentifier(ctx: Ctx, flow: Flow, raw: Body): Promise<Answer> {
  const startedAt = performance.now();
  const identifier = identifierFirstBody.parse(raw).identifier?.trim() ?? "";
  if (!identifier) {
    const node = flow.payload.ui.nodes.find(
      (n) => n.attributes.node_type === "input" && n.attributes.name === "identifier",
    );
    node?.messages.push(uiText(MessageId.missingProperty, { property: "identifier" }));
    await ctx.deps.persistence.flows.updateFlow(flow);
    return answerWithFlow(ctx, flow, 400);
  }
  // Every identifier gets the password step, registered or not (no account enumeration),
  // except an account that can only sign in socially: it is offered its providers.
  const social = await socialOnlyProviders(ctx, identifier);
  flow.payload.ui.nodes = identifierStepNodes(ctx.deps, flow.payload.ui.nodes, {
    identifier: identifier.slice(0, 320),
    ...(social.length ? { socialOnly: social } : {}),
  });
  flow.payload.active = "identifier_first";
  await ctx.deps.persistence.flows.updateFlow(flow);
  await notSoonerThan(startedAt, IDENTIFIER_STEP_FLOOR_MS);
  // Kratos answers a step with 400 and the flow; browsers are sent back to the UI.
  return answerWithFlow(ctx, flow, 400);
}

/**
 * The enabled providers of an account that has them but no password; else none. One lookup
 * statement whatever the address (docs/security.md#no-timing-oracle): the step answers a registered
 * address with a password as fast as an unknown one.
 */
async function socialOnlyProviders(ctx: Ctx, identifier: string): Promise<OidcProviderConfig[]> {
  if (!enabledLoginMethod(ctx.deps, "oidc")) return [];
  const address = normaliseIdentifier(identifier).slice(0, 320);
  const links = await ctx.deps.persistence.signInLookups.socialOnlyLinks(address);
  return links.length > 0 ? linkedProviders(ctx.deps.config, links) : [];
}

function identifierOf(credentials: { type: string; identifiers: string[] }[]): string {
  const ofType = (type: string) => credentials.find((c) => c.type === type)?.identifiers[0];
  // An account made by email code has no password identifier, only its code one.
  return ofType("password") ?? ofType("code") ?? "";
}
