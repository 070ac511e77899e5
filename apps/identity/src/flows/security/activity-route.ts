import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps/deps.ts";
import type { Ctx } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { sendJson } from "../../http/respond.ts";
import { accountActivity, sessionsWithActivity } from "../../security/activity.ts";
import { route } from "../../session/handlers.ts";
import { touchSessionActivity } from "../../session/last-activity.ts";
import { findActiveSession } from "../../session/session-manager.ts";

/**
 * GET /self-service/security/activity (ours): the signed-in customer's account activity and
 * active sessions with browser, OS, address and last activity. Always JSON, like /sessions.
 */
export function registerActivityRoute(app: FastifyInstance, deps: Deps): void {
  app.get("/self-service/security/activity", route(deps, activity, { json: "always" }));
}

async function activity(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const active = await findActiveSession(deps, ctx.request);
  if (!active) throw errors.sessionInactive();
  await touchSessionActivity(deps, active.session.id);
  const { sessions } = await deps.persistence.sessions.listSessionsOfIdentity(active.identity.id, {
    active: true,
    limit: 100,
    offset: 0,
  });
  const [events, sessionList] = await Promise.all([
    accountActivity(deps, active.identity),
    sessionsWithActivity(deps, sessions, active.session.id),
  ]);
  sendJson(ctx.reply, 200, { events, sessions: sessionList });
}
