import type { ConsoleCustomer } from "@moos/contract";
import type { Ctx } from "../http/context.ts";
import { sendJson } from "../http/respond.ts";
import { uuidPattern } from "../session/handlers.ts";
import { requireMayActOn, requireRole } from "./access.ts";
import type { StaffActor } from "./actor.ts";
import { recordAudit, toAuditEntry } from "./audit.ts";
import { customerNotFound } from "./change.ts";
import { auditShown, customerView } from "./customer-view.ts";

/** `GET /admin/console/customers/{id}`: the customer page, audited as `customer.open`. */
export async function openCustomer(ctx: Ctx, actor: StaffActor): Promise<void> {
  const { deps } = ctx;
  requireRole(ctx, actor, "customer.open");
  const id = (ctx.request.params as { id: string }).id;
  if (!uuidPattern.test(id)) throw customerNotFound();
  const now = deps.now();
  const [identity, staff, lock] = await Promise.all([
    deps.persistence.identities.getIdentity(id),
    deps.persistence.console.staffRole(id),
    deps.persistence.locks.activeLock(id, now),
  ]);
  if (!identity) throw customerNotFound();
  const role = staff?.role ?? null;
  requireMayActOn(ctx, actor, "customer.open", { id, role });
  const view = await customerView(deps, identity, lock, role);
  // The opening is on the page's own audit list, first.
  const audit = await deps.persistence.transaction(async (tx) => {
    await recordAudit(tx, actor, { action: "customer.open", targetId: id, details: {} }, now);
    return tx.console.listAudit({ targetId: id, limit: auditShown });
  });
  const page: ConsoleCustomer = { ...view, audit: audit.map(toAuditEntry) };
  sendJson(ctx.reply, 200, page);
}
