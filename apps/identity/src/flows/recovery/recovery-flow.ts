import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import { query } from "../../http/context.ts";
import { kratosError } from "../../http/errors.ts";
import { redirect, respondWithFlow } from "../../http/respond.ts";
import { findActiveSession } from "../../session/session-manager.ts";
import { resetMessages } from "../../ui/nodes.ts";
import { emailMethod, linkToken } from "../email-method.ts";
import type { Flow, FlowType } from "../flow.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { type FlowRequest, newFlow } from "../new-flow.ts";
import { validateReturnTo } from "../return-to.ts";
import type { RecoveryStrategy } from "./strategy.ts";

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

export const recoveryFlow: FlowKindModule = {
  kind: "recovery",
  expiredMessageId: MessageId.recoveryFlowExpired,
  isEnabled: (deps) => deps.config.selfservice.flows.recovery.enabled,
  // The emailed link is opened wherever the customer reads mail: its token is the proof.
  needsCsrf: (body, deps) => linkToken(body, recoveryStrategy(deps)) === undefined,

  async init(ctx, type) {
    const returnTo = validateReturnTo(ctx.deps.config, query(ctx).return_to);
    if (await findActiveSession(ctx.deps, ctx.request)) {
      if (!ctx.json && type === "browser")
        return redirect(
          ctx.reply,
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
    await respondWithFlow(ctx, flow);
  },

  async recreate(ctx, expired) {
    const flow = createRecoveryFlow(ctx, expired.type, expired.payload.return_to);
    await ctx.deps.persistence.flows.createFlow(flow);
    return flow;
  },

  async submit(ctx, flow, body) {
    const strategy = recoveryStrategy(ctx.deps);
    resetMessages(flow.payload.ui);
    const token = linkToken(body, strategy);
    if (token !== undefined) return strategy.openLink?.(ctx, flow, token);
    await strategy.submit(ctx, flow, body);
  },
};
