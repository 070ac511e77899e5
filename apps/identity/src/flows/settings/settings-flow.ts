import { MessageId } from "@moos/contract";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps/deps.ts";
import { redirectAnswer } from "../../http/answer.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { type ActiveSession, findActiveSession } from "../../session/session-manager.ts";
import { addFlowMessage, resetMessages } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import type { Flow, FlowType } from "../flow.ts";
import { answerWithFlow } from "../flow-answer.ts";
import type { FlowKindModule } from "../flow-kind.ts";
import { answerRequest } from "../flow-routes.ts";
import { newFlow, requestUrl, uiUrl } from "../new-flow.ts";
import { validateReturnTo } from "../return-to.ts";
import { checkOrganizationAndSchema } from "../shared-params.ts";
import { answerSettingsVerdict, beginSettingsAttempt, rejectSettings } from "./outcome.ts";
import {
  authorizeSettingsRead,
  loginUrl,
  requirePrivilegedSession,
  requireSettingsAal,
  sessionForSubmit,
} from "./settings-session.ts";
import { settingsFormNodes } from "./ui.ts";

export interface SettingsFlowOptions {
  type: FlowType;
  returnTo?: string | undefined;
  /** Flow messages, e.g. 1060001 on the flow a recovery leads to. */
  messages?: UiText[];
}

/** A persisted settings flow for the session's identity; recovery creates one too. */
export async function createSettingsFlow(
  ctx: Ctx,
  active: ActiveSession,
  options: SettingsFlowOptions,
): Promise<Flow> {
  const { deps } = ctx;
  const flow = newFlow(deps, ctx.request, {
    kind: "settings",
    type: options.type,
    lifespanMs: deps.config.selfservice.flows.settings.lifespan,
    state: "show_form",
    returnTo: options.returnTo,
    nodes: () => [],
    fields: { organization_id: null },
    identityId: active.identity.id,
    sessionId: active.session.id,
  });
  flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, active.identity);
  for (const message of options.messages ?? []) addFlowMessage(flow.payload.ui, message);
  await deps.persistence.flows.createFlow(flow);
  return flow;
}

/** What the settings flow reads of every submit itself: the method, which must be text. */
const settingsFields = bodySchema({ method: "string" });

export const settingsFlow: FlowKindModule<BodyOf<{ method: "string" }>> = {
  kind: "settings",
  expiredMessageId: MessageId.settingsFlowExpired,
  isEnabled: () => true,
  authorizeRead: authorizeSettingsRead,
  submitFields: () => settingsFields,

  async init(ctx, type) {
    const params = query(ctx);
    checkOrganizationAndSchema(ctx, { organization: params.organization });
    const returnTo = validateReturnTo(ctx.deps.config, params.return_to);
    const active = await findActiveSession(ctx.deps, ctx.request);
    if (!active) {
      if (type === "browser" && !ctx.json)
        return redirectAnswer(loginUrl(ctx, ctx.deps.config.selfservice.flows.settings.ui_url));
      throw errors.sessionInactive();
    }
    requireSettingsAal(ctx, active, {
      returnTo: params.return_to
        ? requestUrl(ctx.request, ctx.deps.config.serve.public.base_url)
        : undefined,
    });
    const flow = await createSettingsFlow(ctx, active, { type, returnTo });
    return answerWithFlow(ctx, flow);
  },

  async recreate(ctx, expired) {
    const active = await findActiveSession(ctx.deps, ctx.request);
    if (!active) throw errors.sessionInactive();
    return createSettingsFlow(ctx, active, {
      type: expired.type,
      returnTo: expired.payload.return_to,
    });
  },

  async submit(ctx, flow, { body, fields }) {
    const active = await sessionForSubmit(ctx, flow);
    fields();
    const strategy = ctx.deps.strategies.settings.find(
      (s) => s.isSubmit(body) && s.isEnabled(ctx.deps),
    );
    if (!strategy) {
      resetMessages(flow.payload.ui);
      addFlowMessage(flow.payload.ui, uiText(MessageId.settingsMethodNotFound));
      return rejectSettings(ctx, flow);
    }
    beginSettingsAttempt(flow, strategy.method);
    if (strategy.privileged) requirePrivilegedSession(ctx, flow, active);
    const parsed = strategy.body.parse(body);
    return answerSettingsVerdict(ctx, flow, await strategy.submit(ctx, flow, active, parsed));
  },
};

/**
 * GET /self-service/settings?flow=: where a re-authentication for a sensitive change returns
 * (session_refresh_required's redirect_browser_to). The browser goes back to the settings UI
 * with the same flow, where the change can be submitted again with the fresh session.
 */
export function registerSettingsReturnRoute(app: FastifyInstance, deps: Deps): void {
  app.get("/self-service/settings", async (request, reply) => {
    // A browser's top-level navigation: answered, errors included, as a page.
    const ctx: Ctx = { deps, request, reply, json: false };
    await answerRequest(ctx, async () => {
      const id = query(ctx).flow;
      const flow = id ? await deps.persistence.flows.getFlow(id, "settings") : undefined;
      return redirectAnswer(
        flow
          ? uiUrl(deps, "settings", flow.id)
          : new URL("self-service/settings/browser", deps.config.serve.public.base_url).toString(),
      );
    });
  });
}
