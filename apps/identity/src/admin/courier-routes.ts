import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { query } from "../http/context.ts";
import { errors, type HttpError } from "../http/errors.ts";
import { sendJson } from "../http/respond.ts";
import { localeOf } from "../identity/identity.ts";
import {
  CourierError,
  type CourierMessageStatus,
  enqueueEmail,
  getCourierMessage,
  listCourierMessages,
} from "../outbox/email/index.ts";
import { emailOf } from "../outbox/webhooks/events.ts";
import { route } from "../session/handlers.ts";
import { asObject } from "./identity-body.ts";

// GET /admin/courier/messages[/{id}]: what the courier sent or will send, so operators and
// tests can read codes from emails as they do against Kratos. POST is our extension.

const statuses = new Set<CourierMessageStatus>(["queued", "processing", "sent", "abandoned"]);

export function registerCourierRoutes(app: FastifyInstance, deps: Deps): void {
  const json = { json: "always" } as const;
  app.get("/admin/courier/messages", route(deps, listMessages, json));
  app.get("/admin/courier/messages/:id", route(deps, getMessage, json));
  app.post("/admin/courier/messages", route(deps, sendMessage, json));
}

/**
 * Our extension: the web app asks for an email the service renders and sends from its outbox
 * (only `newsletter_confirmation`, the double opt-in). Recipient and language come from the
 * identity, never from the caller.
 */
async function sendMessage(ctx: Ctx): Promise<void> {
  const body = asObject(ctx.request.body, "The request body");
  if (body.template_type !== "newsletter_confirmation") {
    throw errors.badRequest(
      `Unknown template_type "${String(body.template_type).slice(0, 64)}"; only newsletter_confirmation can be sent.`,
    );
  }
  const model = asObject(body.model ?? {}, "model");
  const url = typeof model.confirmation_url === "string" ? URL.parse(model.confirmation_url) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw errors.badRequest("model.confirmation_url must be an http or https URL.");
  const identityId = typeof body.identity_id === "string" ? body.identity_id : "";
  const identity = await ctx.deps.persistence.identities.getIdentity(identityId);
  if (!identity) throw errors.notFound("Unable to locate the resource");
  const to = emailOf(identity);
  if (!to) throw errors.badRequest("The identity has no email address.");
  const id = await enqueueEmail(ctx.deps.persistence, {
    templateType: "newsletter_confirmation",
    to,
    locale: localeOf(identity),
    model: { confirmation_url: url.toString() },
  });
  sendJson(ctx.reply, 201, await getCourierMessage(ctx.deps.persistence, id));
}

async function listMessages(ctx: Ctx): Promise<void> {
  const params = query(ctx);
  const status = params.status || undefined;
  if (status !== undefined && !statuses.has(status as CourierMessageStatus)) {
    throw errors.badRequest("The status must be one of queued, processing, sent, abandoned.");
  }
  const pageSize = params.page_size ? Number(params.page_size) : 250;
  const result = await courierCall(() =>
    listCourierMessages(ctx.deps.persistence, {
      pageSize,
      ...(params.recipient ? { recipient: params.recipient } : {}),
      ...(status ? { status: status as CourierMessageStatus } : {}),
      ...(params.page_token ? { pageToken: params.page_token } : {}),
    }),
  );
  const link = (rel: string, token?: string): string => {
    const url = new URL("admin/courier/messages", ctx.deps.config.serve.admin.base_url);
    if (params.recipient) url.searchParams.set("recipient", params.recipient);
    if (status) url.searchParams.set("status", status);
    url.searchParams.set("page_size", String(pageSize));
    if (token) url.searchParams.set("page_token", token);
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const next = result.nextPageToken;
  ctx.reply.header("link", [link("first"), ...(next ? [link("next", next)] : [])].join(","));
  sendJson(ctx.reply, 200, result.messages);
}

async function getMessage(ctx: Ctx): Promise<void> {
  const id = (ctx.request.params as { id: string }).id;
  sendJson(ctx.reply, 200, await courierCall(() => getCourierMessage(ctx.deps.persistence, id)));
}

/** The courier's coded errors as HTTP: not found is 404, a malformed request 400. */
async function courierCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toHttp(error);
  }
}

function toHttp(error: unknown): unknown {
  if (!(error instanceof CourierError)) return error;
  if (error.code === "courier_message_not_found")
    return errors.notFound("Unable to locate the resource");
  if (error.code.endsWith("_invalid")) return errors.badRequest(error.message) as HttpError;
  return error;
}
