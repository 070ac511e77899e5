import { MessageId } from "@moos/contract";
import { completeWithSession } from "../../hooks/complete-with-session.ts";
import type { Answer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx, RequestCtx } from "../../http/context.ts";
import { kratosError } from "../../http/errors.ts";
import type { Identity } from "../../identity/identity.ts";
import {
  clearLoginFailures,
  recordLoginFailure,
  throttleLogin,
} from "../../limits/login-throttle.ts";
import { completeSecondFactor, configuredSecondFactors } from "../../session/aal.ts";
import { findActiveSession } from "../../session/session-manager.ts";
import { addFieldMessage, addFlowMessage, csrfNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import type { Flow } from "../flow.ts";
import { answerWithFlow } from "../flow-answer.ts";
import { identityMismatch } from "../settings/settings-session.ts";
import { afterLoginUrl } from "./after-login.ts";
import type { SecondFactorLoginStrategy } from "./strategy.ts";

// The login flow's second-factor step (`aal=aal2`, docs/protocol.md#login-outcomes): it runs on top of
// the signed-in session, offers only the second factors the identity has set up, and on success
// raises that same session to aal2. Wrong codes count per identity like wrong passwords, so
// six digits cannot be tried through.

export async function secondFactorStepNodes(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  const nodes = [csrfNode(flow.csrf_token)];
  const factors = ctx.deps.strategies.loginSecondFactors;
  for (const strategy of configuredSecondFactors(ctx.deps, identity, factors))
    nodes.push(...(await strategy.loginNodes(ctx, flow, identity)));
  return nodes;
}

export function aal1Required(ctx: RequestCtx): Error {
  const reason = "You can not requested a higher AAL (AAL2/AAL3) without an active session.";
  return kratosError("session_aal1_required", reason, {
    reason,
    details: {
      redirect_to: new URL(
        "self-service/login/browser",
        ctx.deps.config.serve.public.base_url,
      ).toString(),
    },
  });
}

/** An aal2 submit (the flow's messages are reset): checked, throttled, saved and answered here. */
export async function submitSecondFactorStep(ctx: Ctx, flow: Flow, raw: Body): Promise<Answer> {
  const { deps } = ctx;
  const active = await findActiveSession(deps, ctx.request);
  if (!active) throw aal1Required(ctx);
  if (flow.identity_id && active.identity.id !== flow.identity_id) throw identityMismatch();
  const strategy = secondFactorFor(ctx, raw);
  if (!strategy?.isConfigured(active.identity)) {
    addFlowMessage(flow.payload.ui, uiText(MessageId.loginMethodNotFound));
    await deps.persistence.flows.updateFlow(flow);
    return answerWithFlow(ctx, flow, 400);
  }
  flow.payload.active = strategy.method;
  const throttleKey = `aal2:${active.identity.id}`;
  await throttleLogin(deps, throttleKey);
  const body = strategy.body.parse(raw);
  const check = await strategy.verifyLogin(ctx, flow, active.identity, body);
  if (!check.ok) {
    await recordLoginFailure(deps, throttleKey);
    if (check.field) addFieldMessage(flow.payload.ui, check.field, check.message);
    else addFlowMessage(flow.payload.ui, check.message);
    await deps.persistence.flows.updateFlow(flow);
    return answerWithFlow(ctx, flow, 400);
  }
  await clearLoginFailures(deps, throttleKey);
  await completeSecondFactor(deps, active.session, strategy.method);
  flow.state = "passed_challenge";
  flow.internal.completed = true;
  await deps.persistence.flows.updateFlow(flow);
  return completeWithSession(ctx, {
    flow,
    identity: active.identity,
    issued: { session: active.session, token: active.token },
    returnTo: afterLoginUrl(deps, flow.payload.return_to),
    sameSession: true,
  });
}

/** The enabled second factor an aal2 submit belongs to. */
function secondFactorFor(ctx: RequestCtx, body: Body): SecondFactorLoginStrategy | undefined {
  const { deps } = ctx;
  return deps.strategies.loginSecondFactors.find((s) => s.isEnabled(deps) && s.isSubmit(body));
}
