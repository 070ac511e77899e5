import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { type Answer, jsonAnswer, redirectAnswer, writeAnswer } from "../http/answer.ts";
import { type Body, normaliseBody } from "../http/body.ts";
import type { Ctx } from "../http/context.ts";
import { query } from "../http/context.ts";
import { csrfCookie } from "../http/cookies.ts";
import { csrfTokenMatches } from "../http/csrf.ts";
import { errors, HttpError, kratosError } from "../http/errors.ts";
import { wantsJson } from "../http/negotiate.ts";
import { redirect, sendError } from "../http/respond.ts";
import { AccountLocked } from "../session/account-lock.ts";
import { addFlowMessage, resetMessages } from "../ui/nodes.ts";
import { formatMinutes, uiText } from "../ui/text.ts";
import { accountLockedAnswer } from "./account-locked.ts";
import type { Flow, FlowType } from "./flow.ts";
import { isExpired } from "./flow.ts";
import { answerWithFlow, flowJson } from "./flow-answer.ts";
import { FlowError } from "./flow-error.ts";
import type { FlowKindModule } from "./flow-kind.ts";

// The routes every self-service flow shares (docs/protocol.md#endpoints): init (browser, api), fetch by
// id, and submit. Kind-specific behaviour lives in each flow folder's FlowKindModule, whose init
// and submit return the answer; the route writes it, or the error, once.

/**
 * Writes what a handler answered; anything it threw becomes the error answer, except that a
 * FlowError sends a browser on to where it names.
 */
export async function answerRequest(ctx: Ctx, handler: () => Promise<Answer>): Promise<void> {
  try {
    writeAnswer(ctx.reply, await handler());
  } catch (error) {
    if (error instanceof FlowError && error.browserTo !== undefined && !ctx.json)
      return redirect(ctx.reply, error.browserTo);
    const thrown = error instanceof FlowError ? error.error : error;
    await sendError(ctx.deps, ctx.request, ctx.reply, thrown, ctx.json);
  }
}

export function registerFlowRoutes(app: FastifyInstance, deps: Deps, module: FlowKindModule): void {
  const { kind } = module;
  const ctxOf = (request: Ctx["request"], reply: Ctx["reply"]): Ctx => ({
    deps,
    request,
    reply,
    json: wantsJson(request),
  });
  const guarded =
    (handler: (ctx: Ctx) => Promise<Answer>, jsonAlways = false) =>
    async (request: Ctx["request"], reply: Ctx["reply"]): Promise<void> => {
      const ctx = ctxOf(request, reply);
      if (jsonAlways) ctx.json = true;
      await answerRequest(ctx, () => handler(ctx));
    };

  for (const type of ["browser", "api"] as const) {
    app.get(
      `/self-service/${kind}/${type}`,
      guarded(async (ctx) => {
        if (!module.isEnabled(deps)) throw errors.flowDisabled(kind);
        if (type === "api") assertApiRequest(ctx);
        return module.init(ctx, type);
      }, type === "api"),
    );
  }

  app.get(
    `/self-service/${kind}/flows`,
    guarded(async (ctx) => {
      const flow = await loadFlow(ctx, module, query(ctx).id);
      await module.authorizeRead?.(ctx, flow);
      if (isExpired(flow, deps.now())) throw expiredOnRead(ctx, flow);
      if (
        flow.type === "browser" &&
        kind !== "settings" &&
        !csrfTokenMatches(flow.csrf_token, ctx.request.cookies[csrfCookie(deps.config)])
      ) {
        throw errors.csrf("The CSRF cookie does not match the flow.");
      }
      return jsonAnswer(200, await flowJson(ctx, flow));
    }, true),
  );

  const submit = guarded(async (ctx) => {
    const flowId = query(ctx).flow;
    const flow = await deps.persistence.flows.getFlow(flowId ?? "", kind);
    if (!flow) {
      if (!ctx.json)
        return redirectAnswer(
          new URL(`self-service/${kind}/browser`, deps.config.serve.public.base_url).toString(),
        );
      throw flowId
        ? errors.notFound(`The ${kind} flow could not be found.`)
        : errors.badRequest("The flow query parameter is missing.");
    }
    if (flow.type === "api") ctx.json = true;
    if (isExpired(flow, deps.now())) return replaceExpired(ctx, module, flow);
    const body = bodyOf(ctx);
    // Parsed once, when first read: by the CSRF decision of a flow that skips the check for
    // some submits, or where the flow's submit reads them.
    const readFields = once(() => module.submitFields(deps).parse(body));
    if (flow.type === "api") assertApiRequest(ctx);
    else if (
      (module.needsCsrf?.(readFields(), deps) ?? true) &&
      !csrfTokenMatches(body.csrf_token, ctx.request.cookies[csrfCookie(deps.config)])
    ) {
      throw errors.csrf(
        ctx.request.headers.cookie
          ? "The CSRF token is missing or does not match the cookie."
          : "The request carried no cookies.",
      );
    }
    try {
      return await module.submit(ctx, flow, { body, fields: readFields });
    } catch (error) {
      // The credential was right, but the account is locked (session/account-lock.ts).
      if (error instanceof AccountLocked) return accountLockedAnswer(ctx, flow);
      throw error;
    }
  });
  app.post(`/self-service/${kind}`, submit);
  // GET submits: login links, and the code or token links that recovery and verification email.
  if (kind === "login" || kind === "verification" || kind === "recovery")
    app.get(`/self-service/${kind}`, submit);
}

async function loadFlow(ctx: Ctx, module: FlowKindModule, id: string | undefined): Promise<Flow> {
  if (!id) throw errors.badRequest("The id query parameter is missing.");
  const flow = await ctx.deps.persistence.flows.getFlow(id, module.kind);
  if (!flow) throw errors.notFound(`The ${module.kind} flow could not be found.`);
  return flow;
}

function once<T>(compute: () => T): () => T {
  let done: { value: T } | undefined;
  return () => {
    done ??= { value: compute() };
    return done.value;
  };
}

function bodyOf(ctx: Ctx): Body {
  if (ctx.request.method === "GET") return normaliseBody(ctx.request.query);
  return normaliseBody(ctx.request.body);
}

/** API flows are for native apps: a browser's Origin or cookies mean someone misused them. */
function assertApiRequest(ctx: Ctx): void {
  const cookies = Object.keys(ctx.request.cookies ?? {}).filter(
    (name) => !/^(__cf|_cf|cf_)/.test(name),
  );
  if (ctx.request.headers.origin || cookies.length > 0) {
    throw errors.badRequest(
      "API flows must not be used from browsers: the request carried an Origin header or cookies.",
    );
  }
}

function expiredOnRead(ctx: Ctx, flow: Flow): HttpError {
  const base = ctx.deps.config.serve.public.base_url;
  const redirectTo = new URL(`self-service/${flow.kind}/${flow.type}`, base);
  if (flow.payload.return_to) redirectTo.searchParams.set("return_to", flow.payload.return_to);
  const reason = `The self-service flow expired ${formatMinutes(ctx.deps.now().getTime() - flow.expires_at.getTime())} minutes ago, initialize a new one.`;
  // Settings answers 410 without an error id (docs/protocol.md#settings-endpoints).
  if (flow.kind === "settings") return new HttpError(410, "self-service flow expired", { reason });
  return kratosError("self_service_flow_expired", "self-service flow expired", {
    reason,
    details: { redirect_to: redirectTo.toString(), return_to: flow.payload.return_to ?? "" },
    extras: {
      expired_at: flow.expires_at.toISOString(),
      since: (ctx.deps.now().getTime() - flow.expires_at.getTime()) * 1e6,
    },
  });
}

/** A fresh flow for an expired one, persisted, carrying the "expired N minutes ago" message. */
export async function recreateExpired(
  ctx: Ctx,
  module: FlowKindModule,
  expired: Flow,
): Promise<Flow> {
  const fresh = await module.recreate(ctx, expired);
  resetMessages(fresh.payload.ui);
  const context = {
    expired_at: expired.expires_at.toISOString(),
    expired_at_unix: Math.floor(expired.expires_at.getTime() / 1000),
  };
  const minutes = formatMinutes(ctx.deps.now().getTime() - expired.expires_at.getTime());
  const text = `The ${module.kind} flow expired ${minutes} minutes ago, please try again.`;
  addFlowMessage(fresh.payload.ui, uiText(module.expiredMessageId, context, text));
  await ctx.deps.persistence.flows.updateFlow(fresh);
  return fresh;
}

async function replaceExpired(ctx: Ctx, module: FlowKindModule, expired: Flow): Promise<Answer> {
  const fresh = await recreateExpired(ctx, module, expired);
  const minutes = formatMinutes(ctx.deps.now().getTime() - expired.expires_at.getTime());
  if (!ctx.json) return answerWithFlow(ctx, fresh);
  if (module.kind === "recovery" || module.kind === "verification") {
    return redirectAnswer(
      new URL(
        `self-service/${module.kind}/flows?id=${fresh.id}`,
        ctx.deps.config.serve.public.base_url,
      ).toString(),
    );
  }
  const since = (ctx.deps.now().getTime() - expired.expires_at.getTime()) * 1e6;
  throw kratosError("self_service_flow_expired", "self-service flow expired", {
    reason: `The self-service flow expired ${minutes} minutes ago, initialize a new one.`,
    extras: { expired_at: expired.expires_at.toISOString(), since, use_flow_id: fresh.id },
  });
}

export type { FlowType };
