import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { sendError } from "../http/respond.ts";
import { route, sameSecret } from "../session/handlers.ts";
import { deleteAccount } from "./actions/delete.ts";
import { exportData } from "./actions/export.ts";
import { lockAccount, unlockAccount } from "./actions/lock.ts";
import { correctName } from "./actions/name.ts";
import { resendEmail } from "./actions/resend.ts";
import { resetSecondFactors } from "./actions/second-factors.ts";
import { revokeSessions } from "./actions/sessions.ts";
import { type StaffActor, staffActor } from "./actor.ts";
import { readAudit } from "./audit-routes.ts";
import { changeHandler } from "./change.ts";
import { openCustomer } from "./customer.ts";
import { consoleError } from "./errors.ts";
import { searchCustomers } from "./search.ts";
import { changeRole, listStaff, me } from "./staff.ts";

// The console API on the admin port (docs/console.md#the-api), when `console.enabled`. Its own
// encapsulated plugin: its token check applies to these routes only, and the admin API's check
// (admin-routes.ts) not at all, so neither token opens the other's routes. The token is compared
// as SHA-256 digests with timingSafeEqual, like the admin token.

type StaffHandler = (ctx: Ctx, actor: StaffActor) => Promise<void>;

export function registerConsoleRoutes(app: FastifyInstance, deps: Deps): void {
  if (!deps.config.console.enabled) return;
  app.register(async (api) => {
    api.addHook("onRequest", async (request, reply) => {
      const match = /^bearer\s+(.+)$/i.exec((request.headers.authorization ?? "").trim());
      if (match && sameSecret(match[1]!, deps.config.console.token)) return;
      await sendError(
        deps,
        request,
        reply,
        consoleError("console_unauthorized", "The console token is required."),
        true,
      );
      return reply;
    });
    const staff = (handler: StaffHandler) =>
      route(deps, async (ctx) => handler(ctx, await staffActor(ctx)), { json: "always" });
    const base = "/admin/console";
    const customer = `${base}/customers/:id`;
    api.get(`${base}/me`, staff(me));
    api.get(`${base}/customers`, staff(searchCustomers));
    api.get(customer, staff(openCustomer));
    api.post(`${customer}/sessions/revoke`, staff(changeHandler(revokeSessions)));
    api.post(`${customer}/lock`, staff(changeHandler(lockAccount)));
    api.post(`${customer}/unlock`, staff(changeHandler(unlockAccount)));
    api.post(`${customer}/resend`, staff(changeHandler(resendEmail)));
    api.post(`${customer}/name`, staff(changeHandler(correctName)));
    api.post(`${customer}/export`, staff(changeHandler(exportData)));
    api.post(`${customer}/delete`, staff(changeHandler(deleteAccount)));
    api.post(`${customer}/second-factors/reset`, staff(changeHandler(resetSecondFactors)));
    api.get(`${base}/staff`, staff(listStaff));
    api.put(`${base}/staff/:identityId`, staff(changeRole));
    api.get(`${base}/audit`, staff(readAudit));
  });
}
