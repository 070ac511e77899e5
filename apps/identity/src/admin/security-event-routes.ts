import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { sendJson } from "../http/respond.ts";
import { accountActivity } from "../security/activity.ts";
import { route } from "../session/handlers.ts";
import { loadIdentity } from "./identity-routes.ts";

/**
 * GET /admin/identities/{id}/security-events (ours, docs/account-safety.md#account-activity): the identity's account activity
 * of the retention period, newest first, as the customer sees it in settings.
 */
export function registerSecurityEventRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    "/admin/identities/:id/security-events",
    route(deps, listSecurityEvents, { json: "always" }),
  );
}

async function listSecurityEvents(ctx: Ctx): Promise<void> {
  const identity = await loadIdentity(ctx);
  sendJson(ctx.reply, 200, await accountActivity(ctx.deps, identity));
}
