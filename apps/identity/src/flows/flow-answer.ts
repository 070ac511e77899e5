import { type Answer, jsonAnswer, redirectAnswer } from "../http/answer.ts";
import type { Ctx, RequestCtx } from "../http/context.ts";
import { setContinuityCookie } from "../http/cookies.ts";
import { errors } from "../http/errors.ts";
import { noteFlowFailure } from "../http/request-outcome.ts";
import { toIdentityJson } from "../identity/identity.ts";
import type { Persistence } from "../persistence/persistence.ts";
import type { Flow } from "./flow.ts";
import { toFlowJson } from "./flow.ts";
import { uiUrl } from "./new-flow.ts";
import { type FlowMessage, putMessages, type Redirect } from "./verdict.ts";

// How a flow answers with itself (docs/protocol.md#json-or-html): its JSON for JSON and API
// clients, a redirect to its UI for browsers, which read it from there. What the JSON carries
// besides the stored flow is gathered here, before the answer is written.

/** The flow as the answer; a 400 counts as a failed submit for the metrics. */
export async function answerWithFlow(ctx: Ctx, flow: Flow, status = 200): Promise<Answer> {
  if (status === 400) noteFlowFailure(ctx.request, flow.kind);
  if (ctx.json || flow.type === "api") return jsonAnswer(status, await flowJson(ctx, flow));
  return redirectAnswer(uiUrl(ctx.deps, flow.kind, flow.id));
}

/**
 * The flow shown again with what a step said (a refusal, a method's next step): the messages
 * put on its form, the flow saved once, in one transaction with what must land with it
 * (`alsoInTransaction`), and answered with itself.
 */
export async function saveAndAnswerWithFlow(
  ctx: Ctx,
  flow: Flow,
  messages: readonly FlowMessage[],
  options: { status: 200 | 400; alsoInTransaction?: (tx: Persistence) => Promise<void> },
): Promise<Answer> {
  putMessages(flow.payload.ui, messages);
  const { alsoInTransaction } = options;
  if (alsoInTransaction) {
    await ctx.deps.persistence.transaction(async (tx) => {
      await alsoInTransaction(tx);
      await tx.flows.updateFlow(flow);
    });
  } else await ctx.deps.persistence.flows.updateFlow(flow);
  return answerWithFlow(ctx, flow, options.status);
}

/** Saves the flow and sends the browser on (JSON clients: 422 with where to send it). */
export async function answerRedirect(ctx: Ctx, flow: Flow, redirect: Redirect): Promise<Answer> {
  await ctx.deps.persistence.flows.updateFlow(flow);
  const { continuity } = redirect;
  if (continuity)
    setContinuityCookie(ctx.reply, ctx.deps.config, continuity.value, continuity.maxAgeSeconds);
  if (ctx.json) throw errors.browserLocationChange(redirect.to);
  return redirectAnswer(redirect.to);
}

/**
 * The flow's JSON. Settings flows carry the identity; a browser login or registration flow
 * answering an OAuth2 login challenge carries the provider's login request
 * (`oauth2_login_request`, read anew each time as Kratos does: the UI shows the client's name
 * from it). The others are their stored payload.
 */
export async function flowJson(ctx: RequestCtx, flow: Flow): Promise<Record<string, unknown>> {
  const json = toFlowJson(flow);
  if (flow.kind === "settings" && flow.identity_id) {
    const identity = await ctx.deps.persistence.identities.getIdentity(flow.identity_id);
    if (identity) json.identity = toIdentityJson(identity, ctx.deps.config.serve.public.base_url);
  }
  const challenge = flow.payload.oauth2_login_challenge;
  // A completed flow's challenge is answered: the provider no longer describes it.
  if (typeof challenge === "string" && flow.type === "browser" && !flow.internal.completed) {
    const request = await ctx.deps.oauth2?.getLoginRequest(challenge);
    if (request) json.oauth2_login_request = request;
  }
  return json;
}
