import type { ConsoleActionAnswer } from "@moos/contract";
import type { Ctx } from "../http/context.ts";
import { sendJson } from "../http/respond.ts";
import { uuidPattern } from "../session/handlers.ts";
import { customerNotFound, nothingToDo } from "./change.ts";
import { consoleError } from "./errors.ts";
import type { AuditRecord } from "./records.ts";
import { roleInput } from "./staff.ts";

// `PUT /admin/staff/{identityId}` (admin token, docs/console.md#provisioning-staff): the shop's
// systems grant, change or take a console role, as an admin does in the console and as the
// `add-admin` command does on the host. It needs no staff member, so it needs no recent sign-in;
// whoever holds the admin token may already do everything the console can. The rules that do
// not depend on who asks hold as in the console (the last admin keeps the role; the role it has
// already is nothing to do), and it is audited like the command: `staff.role_change` without a
// staff member, `details.via: "admin_api"`.

export async function changeRoleAsAdmin(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const input = roleInput(ctx);
  const id = (ctx.request.params as { identityId: string }).identityId;
  if (!uuidPattern.test(id)) throw customerNotFound();
  const now = deps.now();
  const answer = await deps.persistence.transaction(async (tx): Promise<ConsoleActionAnswer> => {
    if (!(await tx.console.holdIdentity(id))) throw customerNotFound();
    const admins = await tx.console.holdAdmins();
    const from = (await tx.console.staffRole(id))?.role ?? null;
    if (from === input.role) throw nothingToDo("The identity has this role already.");
    if (from === "admin" && admins <= 1)
      throw consoleError("console_last_admin", "The last admin cannot lose the role.");
    if (input.role === null) await tx.console.removeStaffRole(id);
    else
      await tx.console.putStaffRole({
        identity_id: id,
        role: input.role,
        granted_at: now,
        granted_by: null,
      });
    const details = { from, to: input.role, via: "admin_api" };
    const entry: AuditRecord = {
      id: crypto.randomUUID(),
      occurred_at: now,
      staff_id: null,
      staff_email: null,
      staff_role: null,
      action: "staff.role_change",
      target_id: id,
      reason: input.reason,
      ip_address: ctx.request.ip || null,
      request_id: ctx.request.id ? String(ctx.request.id) : null,
      details,
    };
    await tx.console.appendAudit(entry);
    return { action: "staff.role_change", audit_id: entry.id, details };
  });
  sendJson(ctx.reply, 200, answer);
}
