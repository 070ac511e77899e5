import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import { type Answer, redirectAnswer } from "../../http/answer.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { rotateCsrfSecret } from "../../http/cookies.ts";
import { kratosError } from "../../http/errors.ts";
import { findActiveSession } from "../../session/session-manager.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { emailMethod, type LinkFields, linkTokenFields } from "../email-method.ts";
import type { Flow, FlowType } from "../flow.ts";
import { answerWithFlow, saveAndAnswerWithFlow } from "../flow-answer.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { type FlowRequest, newFlow, uiUrl } from "../new-flow.ts";
import { validateReturnTo } from "../return-to.ts";
import { completeRecovery } from "./complete-recovery.ts";
import { requestRecoveryEmail } from "./request-recovery-email.ts";
import type { OpenedLink, RecoveryStrategy, RecoveryVerdict } from "./strategy.ts";

/** The strategy `selfservice.flows.recovery.use` names; it serves every recovery flow. */
export function recoveryStrategy(deps: Deps): RecoveryStrategy {
  const method = emailMethod(deps, "recovery");
  const strategy = deps.strategies.recovery.find((s) => s.method === method);
  if (!strategy) throw new Error(`No recovery strategy "${method}" is registered.`);
  return strategy;
}

export function createRecoveryFlow(
  ctx: { readonly deps: Deps; readonly request: FlowRequest },
  type: FlowType,
  returnTo: string | undefined,
): Flow {
  const strategy = recoveryStrategy(ctx.deps);
  return newFlow(ctx.deps, ctx.request, {
    kind: "recovery",
    type,
    lifespanMs: ctx.deps.config.selfservice.flows.recovery.lifespan,
    state: "choose_method",
    returnTo,
    nodes: (csrf) => strategy.emailNodes(csrf),
    fields: { active: strategy.method },
  });
}

export const recoveryFlow: FlowKindModule<LinkFields> = {
  kind: "recovery",
  expiredMessageId: MessageId.recoveryFlowExpired,
  isEnabled: (deps) => deps.config.selfservice.flows.recovery.enabled,
  submitFields: (deps) => linkTokenFields(deps, "recovery"),
  // The emailed link is opened wherever the customer reads mail: its token is the proof.
  needsCsrf: (fields) => fields.token === undefined,

  async init(ctx, type) {
    const returnTo = validateReturnTo(ctx.deps.config, query(ctx).return_to);
    if (await findActiveSession(ctx.deps, ctx.request)) {
      if (!ctx.json && type === "browser")
        return redirectAnswer(
          returnTo ?? ctx.deps.config.selfservice.default_browser_return_url,
          302,
        );
      throw kratosError(
        "session_already_available",
        "A valid session was detected and thus recovery is not possible.",
        {
          reason: "A valid session was detected and thus recovery is not possible.",
        },
      );
    }
    const flow = createRecoveryFlow(ctx, type, returnTo);
    await ctx.deps.persistence.flows.createFlow(flow);
    return answerWithFlow(ctx, flow);
  },

  async recreate(ctx, expired) {
    const flow = createRecoveryFlow(ctx, expired.type, expired.payload.return_to);
    await ctx.deps.persistence.flows.createFlow(flow);
    return flow;
  },

  async submit(ctx, flow, { body, fields }) {
    const strategy = recoveryStrategy(ctx.deps);
    resetMessages(flow.payload.ui);
    const { token } = fields();
    if (token !== undefined && strategy.openLink) {
      // The link opens in a browser, whatever the flow's type.
      ctx.json = false;
      return answerOpenedLink(ctx, flow, await strategy.openLink(ctx, flow, token));
    }
    const verdict = await strategy.submit(ctx, flow, strategy.body.parse(body));
    switch (verdict.result) {
      case "address_step":
        return requestRecoveryEmail(ctx, flow, body, strategy);
      case "recovered":
        return completeRecovery(ctx, flow, verdict.identity, verdict);
      case "refused":
        return saveAndAnswerWithFlow(ctx, flow, verdict.messages, { status: 200 });
      case "restart":
        return answerWithFlow(ctx, await restart(ctx, flow, verdict), 200);
    }
  },
};

/** The emailed link: every answer is a page for the browser it was opened in. */
async function answerOpenedLink(ctx: Ctx, flow: Flow, verdict: OpenedLink): Promise<Answer> {
  if (verdict.result === "recovered") return completeRecovery(ctx, flow, verdict.identity, verdict);
  // Kratos starts over with a fresh flow that says why (4060004). The link may open in a
  // browser without our CSRF cookie: set one, so the new flow can be read there.
  rotateCsrfSecret(ctx.request, ctx.reply, ctx.deps.config);
  const fresh = await restart(ctx, flow, verdict);
  return redirectAnswer(uiUrl(ctx.deps, "recovery", fresh.id));
}

/** A fresh flow, stored, in place of `spent`, with the message that says why. */
async function restart(
  ctx: Ctx,
  spent: Flow,
  verdict: RecoveryVerdict & { result: "restart" },
): Promise<Flow> {
  const { deps } = ctx;
  const fresh = await recoveryFlow.recreate(ctx, spent);
  addFlowMessage(fresh.payload.ui, verdict.message);
  if (!verdict.invalidateCodes) {
    await deps.persistence.flows.updateFlow(fresh);
    return fresh;
  }
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(spent.id, deps.now());
    await tx.flows.updateFlow(fresh);
  });
  return fresh;
}
