import { MessageId } from "@moos/contract";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { addFlowMessage } from "../../ui/nodes.ts";
import { loginOrder, sortNodes } from "../../ui/sort-nodes.ts";
import { uiText } from "../../ui/text.ts";
import { challengeAtStart } from "../bot-defence.ts";
import type { Flow, FlowType } from "../flow.ts";
import { newFlow } from "../new-flow.ts";
import { createExchangeCodes } from "../shared-params.ts";
import { secondFactorStepNodes } from "./second-factor-step.ts";
import { loginNodes } from "./ui.ts";

// A new login flow, stored: the form for a first sign-in, a refresh of the signed-in account or
// the aal2 step, with each enabled method's own nodes (LoginStrategy.populate).

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

export async function createLoginFlow(ctx: RequestCtx, options: LoginOptions): Promise<Flow> {
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
  // A first factor's flow from an address at risk carries a proof of work from the start.
  if (options.requestedAal === "aal1") await challengeAtStart(ctx, flow, "login");
  await deps.persistence.flows.createFlow(flow);
  return flow;
}
