import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { query } from "../http/context.ts";
import { errors, HttpError } from "../http/errors.ts";
import { wantsJson } from "../http/negotiate.ts";
import { sendError, sendJson, sendJsonText } from "../http/respond.ts";
import { requireAal } from "./aal-required.ts";
import { touchSessionActivity } from "./last-activity.ts";
import { type Session, toSessionJson } from "./session.ts";
import {
  type ActiveSession,
  findActiveSession,
  findActiveSessionByToken,
  findActiveSessionReadOnly,
} from "./session-manager.ts";
import { tokenizeSession, tokenizeTemplate } from "./tokenize.ts";

// The session endpoints of the public API (docs/protocol.md#session-endpoints). They always answer
// JSON: they are called by apps and UIs, never navigated to.

type Handler = (ctx: Ctx) => Promise<void>;

/** Wraps a handler with the context and the error envelope; `json: "always"` skips negotiation. */
export function route(deps: Deps, handler: Handler, options: { json?: "always" } = {}) {
  return async (request: Ctx["request"], reply: Ctx["reply"]): Promise<void> => {
    const ctx: Ctx = {
      deps,
      request,
      reply,
      json: options.json === "always" || wantsJson(request),
    };
    try {
      await handler(ctx);
    } catch (error) {
      await sendError(deps, request, reply, error, ctx.json);
    }
  };
}

export function registerSessionRoutes(app: FastifyInstance, deps: Deps): void {
  const json = { json: "always" } as const;
  // toSession is documented for GET but Kratos answers it on every method.
  app.all("/sessions/whoami", route(deps, whoami, json));
  app.get("/sessions", route(deps, listMySessions, json));
  app.delete("/sessions", route(deps, revokeMyOtherSessions, json));
  app.delete("/sessions/:id", route(deps, revokeMySession, json));
  app.get("/sessions/token-exchange", route(deps, exchangeSessionToken, json));
}

/**
 * whoami's answer for a session served from the session cache, rendered once: a cached session
 * is frozen and replaced (never changed) when it or its identity changes, so its answer stays
 * right for as long as the object lives. Fresh objects from the database are not kept.
 */
const renderedWhoami = new WeakMap<Session, string>();

async function whoami(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const active = await findActiveSessionReadOnly(deps, ctx.request);
  if (!active) throw errors.noSessionCredentials();
  const params = query(ctx);
  requireAal(deps, active, deps.config.session.whoami.required_aal, {
    returnTo: params.return_to,
  });
  ctx.reply.header("x-kratos-authenticated-identity-id", active.identity.id);
  await touchSessionActivity(deps, active.session.id);
  const tokenizeAs = params.tokenize_as;
  if (!tokenizeAs) {
    let body = renderedWhoami.get(active.session);
    if (body === undefined) {
      body = JSON.stringify(sessionJson(ctx, active));
      if (Object.isFrozen(active.session)) renderedWhoami.set(active.session, body);
    }
    return sendJsonText(ctx.reply, 200, body);
  }
  const session = sessionJson(ctx, active);
  const template = tokenizeTemplate(deps, tokenizeAs);
  session.tokenized = await tokenizeSession(deps, template, {
    ...session,
    id: active.session.id,
    identity: { ...(session.identity as Record<string, unknown>), id: active.identity.id },
  });
  sendJson(ctx.reply, 200, session);
}

async function requireSession(ctx: Ctx): Promise<ActiveSession> {
  const active = await findActiveSession(ctx.deps, ctx.request);
  if (!active) throw errors.sessionInactive();
  return active;
}

/** The caller's other active sessions, newest first. */
async function listMySessions(ctx: Ctx): Promise<void> {
  const active = await requireSession(ctx);
  const page = parseOffsetPagination(query(ctx));
  const { sessions, total } = await ctx.deps.persistence.sessions.listSessionsOfIdentity(
    active.identity.id,
    {
      active: true,
      exceptId: active.session.id,
      limit: page.size,
      offset: page.offset,
    },
  );
  setPaginationHeaders(
    ctx.reply,
    new URL("sessions", ctx.deps.config.serve.public.base_url),
    page,
    total,
  );
  const base = ctx.deps.config.serve.public.base_url;
  sendJson(
    ctx.reply,
    200,
    sessions.map((session) => toSessionJson(session, active.identity, base)),
  );
}

async function revokeMyOtherSessions(ctx: Ctx): Promise<void> {
  const active = await requireSession(ctx);
  const count = await ctx.deps.persistence.sessions.revokeSessionsOfIdentity(active.identity.id, {
    exceptId: active.session.id,
  });
  sendJson(ctx.reply, 200, { count });
}

async function revokeMySession(ctx: Ctx): Promise<void> {
  const active = await requireSession(ctx);
  const id = (ctx.request.params as { id: string }).id;
  if (!uuidPattern.test(id)) throw errors.badRequest("The session id must be a UUID.");
  if (id === active.session.id) {
    throw errors.badRequest(
      "The current session can not be revoked with this endpoint; use the logout flow instead.",
    );
  }
  const { sessions } = ctx.deps.persistence;
  const revoked = await sessions.revokeSession(active.identity.id, id);
  // Revoking an already revoked session of one's own is no error; another identity's is unknown.
  const own = revoked || (await sessions.getSession(id))?.identity_id === active.identity.id;
  if (!own) throw errors.notFound("The session could not be found.");
  ctx.reply.code(204).send();
}

/**
 * Native apps that finished sign-in in a browser collect their session token here, once. The
 * exchange is stored under `init:<init_code>`; a return_to_code, when one was issued, must match.
 */
async function exchangeSessionToken(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const { init_code: initCode = "", return_to_code: returnToCode = "" } = query(ctx);
  if (!initCode || initCode.length > 256 || returnToCode.length > 256) {
    throw errors.badRequest('"init_code" and "return_to_code" query params must be set');
  }
  const key = `init:${initCode}`;
  const kind = "session_token_exchange";
  const noSession = errors.notFound('no session yet for this "code"');
  const exchange = await deps.persistence.exchanges.getExchange(key, kind, deps.now());
  if (!exchange) throw noSession;
  const expected = exchange.returnToCode;
  if (typeof expected === "string" && expected && !sameSecret(expected, returnToCode))
    throw noSession;
  if (typeof exchange.sessionToken !== "string") {
    throw new HttpError(
      422,
      "The request was well-formed but was unable to be followed due to semantic errors",
      {
        reason: "The sign-in has not finished yet; try again later.",
      },
    );
  }
  // Taking deletes the exchange: a code yields its token once, even to concurrent requests.
  const taken = await deps.persistence.exchanges.takeExchange(key, kind, deps.now());
  const token = taken?.sessionToken;
  const active =
    typeof token === "string" ? await findActiveSessionByToken(deps, token) : undefined;
  if (!active) throw noSession;
  sendJson(ctx.reply, 200, { session_token: active.token, session: sessionJson(ctx, active) });
}

function sessionJson(ctx: Ctx, active: ActiveSession): Record<string, unknown> {
  return toSessionJson(active.session, active.identity, ctx.deps.config.serve.public.base_url);
}

/** Compares two secrets in constant time (hashing first, so lengths leak nothing either). */
export function sameSecret(a: string, b: string): boolean {
  const digest = (value: string): Buffer => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Kratos's session lists accept two pagination styles (ory/x migrationpagination): pages
// (`page` from 1, `per_page`) and tokens (`page_size`, opaque `page_token`). Link headers name
// both, so a client may follow them in either style; X-Total-Count carries the total.

export interface OffsetPage {
  offset: number;
  size: number;
}

const defaultPageSize = 250;
const maxPageSize = 1000;

export function parseOffsetPagination(params: Record<string, string | undefined>): OffsetPage {
  const clamp = (raw: string | undefined): number => {
    const value = Number.parseInt(raw ?? "", 10);
    return Number.isFinite(value) ? Math.min(maxPageSize, Math.max(1, value)) : defaultPageSize;
  };
  if (params.page_token !== undefined || params.page_size !== undefined) {
    const size = clamp(params.page_size);
    return { size, offset: params.page_token ? decodeOffsetToken(params.page_token) : 0 };
  }
  const size = clamp(params.per_page);
  const page = Math.max(1, Number.parseInt(params.page ?? "", 10) || 1);
  return { size, offset: Math.min((page - 1) * size, 1_000_000_000) };
}

function encodeOffsetToken(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString("base64url");
}

function decodeOffsetToken(token: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as {
      offset?: unknown;
    };
    if (Number.isSafeInteger(parsed.offset) && (parsed.offset as number) >= 0)
      return parsed.offset as number;
  } catch {
    // Falls through to the error below.
  }
  throw errors.badRequest("The page_token is not valid.");
}

export function setPaginationHeaders(
  reply: FastifyReply,
  base: URL,
  page: OffsetPage,
  total: number,
): void {
  const { offset, size } = page;
  const link = (rel: string, at: number): string => {
    const url = new URL(base);
    url.searchParams.set("page_size", String(size));
    url.searchParams.set("page_token", encodeOffsetToken(at));
    url.searchParams.set("per_page", String(size));
    url.searchParams.set("page", String(Math.floor(at / size) + 1));
    return `<${url.toString()}>; rel="${rel}"`;
  };
  const lastOffset = total > 0 ? Math.floor((total - 1) / size) * size : 0;
  const links = [link("first", 0)];
  if (offset > 0) links.push(link("prev", Math.max(0, offset - size)));
  if (offset + size < total) links.push(link("next", offset + size));
  links.push(link("last", lastOffset));
  reply.header("link", links.join(","));
  reply.header("x-total-count", String(total));
}
