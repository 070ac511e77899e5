import type { RequestCtx } from "../../http/context.ts";
import { challengeAtStart } from "../bot-defence.ts";
import type { Flow, FlowType } from "../flow.ts";
import { newFlow } from "../new-flow.ts";
import { createExchangeCodes } from "../shared-params.ts";
import { firstStep, registrationForm } from "./ui.ts";

// A new registration flow, stored, with the form of its first step (ui.ts).

export async function createRegistrationFlow(
  ctx: RequestCtx,
  options: {
    type: FlowType;
    returnTo?: string | undefined;
    afterVerificationReturnTo?: string | undefined;
    exchange: boolean;
    /** The OAuth2 provider's login challenge this sign-up answers (`oauth2_login_challenge`). */
    loginChallenge?: string | undefined;
  },
): Promise<Flow> {
  const { deps } = ctx;
  const flow = newFlow(deps, ctx.request, {
    kind: "registration",
    type: options.type,
    lifespanMs: deps.config.selfservice.flows.registration.lifespan,
    state: "choose_method",
    returnTo: options.returnTo,
    nodes: () => [],
    fields: {
      organization_id: null,
      ...(options.loginChallenge ? { oauth2_login_challenge: options.loginChallenge } : {}),
    },
  });
  flow.payload.ui.nodes = await registrationForm(ctx, flow, firstStep(deps));
  if (options.afterVerificationReturnTo)
    flow.internal.afterVerificationReturnTo = options.afterVerificationReturnTo;
  if (options.exchange)
    flow.payload.session_token_exchange_code = (await createExchangeCodes(ctx, flow.id)).initCode;
  await challengeAtStart(ctx, flow, "registration");
  await deps.persistence.flows.createFlow(flow);
  return flow;
}
