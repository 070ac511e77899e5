import { MessageId } from "@moos/contract";
import type { OidcProviderConfig } from "../../config/config.ts";
import {
  acceptSignedInBrowser,
  asksForSecondFactor,
  loginChallengeOf,
  meetsSecondFactorRequest,
} from "../../hooks/oauth2-login.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { errors, kratosError } from "../../http/errors.ts";
import { redirect, respondWithFlow } from "../../http/respond.ts";
import { type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { type ActiveSession, findActiveSession } from "../../session/session-manager.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { linkedProviders } from "../../ui/oidc-nodes.ts";
import { loginOrder, sortNodes } from "../../ui/sort-nodes.ts";
import { uiText } from "../../ui/text.ts";
import type { Flow, FlowType } from "../flow.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { browserLoginChallenge, loginChallengeParam } from "../login-challenge.ts";
import { newFlow } from "../new-flow.ts";
import { validateReturnTo } from "../return-to.ts";
import { checkOrganizationAndSchema, createExchangeCodes } from "../shared-params.ts";
import { afterLoginUrl } from "./after-login.ts";
import { IDENTIFIER_STEP_FLOOR_MS, notSoonerThan } from "./answer-floor.ts";
import {
  aal1Required,
  secondFactorStepNodes,
  submitSecondFactorStep,
} from "./second-factor-step.ts";
import { enabledLoginMethod } from "./strategy.ts";
import { identifierStepNodes, loginNodes } from "./ui.ts";

export interface LoginOptions {
  type: FlowType;
  refresh: boolean;
  requestedAal: "aal1" | "aal2";
  returnTo?: string | undefined;
  /** The signed-in account being re-authenticated (refresh=true). */
  refreshOf?: { identifier: string; identity: Identity } | undefined;
  /** The signed-in session an aal2 flow raises (its identity's second factors are offered). */
  secondFactorOf?: ActiveSession | undefined;
  exchange: boolean;
  /** The OAuth2 provider's login challenge this sign-in answers (`oauth2_login_challenge`). */
  loginChallenge?: string | undefined;
}

export async function createLoginFlow(ctx: Ctx, options: LoginOptions): Promise<Flow> {
  const { deps } = ctx;
  const flow = newFlow(deps, ctx.request, {
    kind: "login",
    type: options.type,
    lifespanMs: deps.config.selfservice.flows.login.lifespan,
    state: "choose_method",
    returnTo: options.returnTo,
    nodes: (csrf) =>
      loginNodes(deps, csrf, options.refreshOf ? { refresh: options.refreshOf } : {}),
    fields: {
      organization_id: null,
      refresh: options.refresh,
      requested_aal: options.requestedAal,
      ...(options.loginChallenge ? { oauth2_login_challenge: options.loginChallenge } : {}),
    },
  });
  if (options.refreshOf) addFlowMessage(flow.payload.ui, uiText(MessageId.confirmItIsYou));
  if (options.requestedAal === "aal2" && options.secondFactorOf) {
    const { identity, session } = options.secondFactorOf;
    flow.identity_id = identity.id;
    flow.session_id = session.id;
    flow.payload.ui.nodes = await secondFactorStepNodes(ctx, flow, identity);
    addFlowMessage(flow.payload.ui, uiText(MessageId.completeSecondFactor));
  }
  if (options.exchange) {
    const codes = await createExchangeCodes(ctx, flow.id);
    flow.payload.session_token_exchange_code = codes.initCode;
  }
  for (const strategy of deps.strategies.login) {
    if (strategy.isEnabled(deps)) await strategy.populate?.(ctx, flow);
  }
  sortNodes(flow.payload.ui.nodes, loginOrder);
  await deps.persistence.flows.createFlow(flow);
  return flow;
}

export const loginFlow: FlowKindModule = {
  kind: "login",
  expiredMessageId: MessageId.loginFlowExpired,
  isEnabled: () => true,

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
      if (!ctx.json && type === "browser")
        return redirect(ctx.reply, afterLoginUrl(ctx.deps, returnTo));
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
    await respondWithFlow(ctx, flow);
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

  async submit(ctx, flow, body) {
    if (flow.internal.completed) {
      resetMessages(flow.payload.ui);
      addFlowMessage(flow.payload.ui, uiText(MessageId.loginAlreadyCompleted));
      return respondWithFlow(ctx, flow, 400);
    }
    if (flow.payload.requested_aal === "aal2") return submitSecondFactorStep(ctx, flow, body);
    const method = optionalString(body, "method");
    if (method === "identifier_first") return submitIdentifier(ctx, flow, body);
    const strategy = ctx.deps.strategies.login.find(
      (s) => s.isSubmit(body) && s.isEnabled(ctx.deps),
    );
    if (strategy) return strategy.submit(ctx, flow, body);
    resetMessages(flow.payload.ui);
    addFlowMessage(flow.payload.ui, uiText(MessageId.loginMethodNotFound));
    await ctx.deps.persistence.flows.updateFlow(flow);
    await respondWithFlow(ctx, flow, 400);
  },
};

async function submitIdentifier(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const startedAt = performance.now();
  const identifier = optionalString(body, "identifier")?.trim() ?? "";
  resetMessages(flow.payload.ui);
  if (!identifier) {
    const node = flow.payload.ui.nodes.find(
      (n) => n.attributes.node_type === "input" && n.attributes.name === "identifier",
    );
    node?.messages.push(uiText(MessageId.missingProperty, { property: "identifier" }));
    await ctx.deps.persistence.flows.updateFlow(flow);
    return respondWithFlow(ctx, flow, 400);
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
  await respondWithFlow(ctx, flow, 400);
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
