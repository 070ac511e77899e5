import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { query } from "../http/context.ts";
import { errors } from "../http/errors.ts";
import { sendJson } from "../http/respond.ts";
import {
  parseOffsetPagination,
  route,
  setPaginationHeaders,
  uuidPattern,
} from "../session/handlers.ts";
import { type Session, toSessionJson } from "../session/session.ts";
import { loadIdentity } from "./identity-routes.ts";

// Operators' view of sessions: list and revoke an identity's sessions, read and revoke one.
// A revoked session stops working at once on this instance and within a second on every other
// (their session caches hear of it through the database's NOTIFY, session-cache.ts).

export function registerAdminSessionRoutes(app: FastifyInstance, deps: Deps): void {
  const json = { json: "always" } as const;
  app.get("/admin/identities/:id/sessions", route(deps, listIdentitySessions, json));
  app.delete("/admin/identities/:id/sessions", route(deps, deleteIdentitySessions, json));
  app.get("/admin/sessions/:id", route(deps, getSession, json));
  app.delete("/admin/sessions/:id", route(deps, disableSession, json));
}

async function listIdentitySessions(ctx: Ctx): Promise<void> {
  const identity = await loadIdentity(ctx);
  const params = query(ctx);
  if (
    params.active !== undefined &&
    params.active !== "" &&
    params.active !== "true" &&
    params.active !== "false"
  ) {
    throw errors.badRequest("The active query parameter must be true or false.");
  }
  const page = parseOffsetPagination(params);
  const { sessions, total } = await ctx.deps.persistence.sessions.listSessionsOfIdentity(
    identity.id,
    {
      ...(params.active ? { active: params.active === "true" } : {}),
      limit: page.size,
      offset: page.offset,
    },
  );
  const base = new URL(
    `admin/identities/${identity.id}/sessions`,
    ctx.deps.config.serve.admin.base_url,
  );
  setPaginationHeaders(ctx.reply, base, page, total);
  const publicBase = ctx.deps.config.serve.public.base_url;
  sendJson(
    ctx.reply,
    200,
    sessions.map((session) => toSessionJson(session, identity, publicBase)),
  );
}

async function deleteIdentitySessions(ctx: Ctx): Promise<void> {
  const identity = await loadIdentity(ctx);
  await ctx.deps.persistence.sessions.revokeSessionsOfIdentity(identity.id, {});
  ctx.reply.code(204).send();
}

async function loadSession(ctx: Ctx): Promise<Session> {
  const id = (ctx.request.params as { id: string }).id;
  if (!uuidPattern.test(id)) throw errors.badRequest("The session id must be a UUID.");
  const session = await ctx.deps.persistence.sessions.getSession(id);
  if (!session) throw errors.notFound("Unable to locate the resource");
  return session;
}

async function getSession(ctx: Ctx): Promise<void> {
  const session = await loadSession(ctx);
  const identity = await ctx.deps.persistence.identities.getIdentity(session.identity_id);
  if (!identity) throw errors.notFound("Unable to locate the resource");
  sendJson(ctx.reply, 200, toSessionJson(session, identity, ctx.deps.config.serve.public.base_url));
}

async function disableSession(ctx: Ctx): Promise<void> {
  const session = await loadSession(ctx);
  await ctx.deps.persistence.sessions.revokeSession(session.identity_id, session.id);
  ctx.reply.code(204).send();
}
