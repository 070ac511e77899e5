import {
  type ConsoleActionAnswer,
  type ConsoleStaffAnswer,
  type StaffListEntry,
  type StaffMember,
  type StaffRole,
  staffRoles,
} from "@moos/contract";
import type { Deps } from "../deps/deps.ts";
import type { Ctx } from "../http/context.ts";
import { sendJson } from "../http/respond.ts";
import type { Identity } from "../identity/identity.ts";
import { uuidPattern } from "../session/handlers.ts";
import { requireRecentSignIn, requireRole } from "./access.ts";
import type { StaffActor } from "./actor.ts";
import { recordAudit, toAuditEntry } from "./audit.ts";
import { bodyOf, customerNotFound, nothingToDo } from "./change.ts";
import { badField, consoleError } from "./errors.ts";

// Staff (docs/console.md#roles): who signed in (`/me`), the staff list with each member's last
// actions, and role changes, each audited. An identity is staff while it has a role; the last
// admin keeps theirs.

const lastActionsShown = 5;

function memberOf(identity: Identity, role: StaffRole): StaffMember {
  const name = (identity.traits.name ?? {}) as { first?: unknown; last?: unknown };
  return {
    id: identity.id,
    email: String(identity.traits.email ?? ""),
    name: { first: String(name.first ?? ""), last: String(name.last ?? "") },
    role,
  };
}

export async function me(ctx: Ctx, actor: StaffActor): Promise<void> {
  sendJson(ctx.reply, 200, memberOf(actor.identity, actor.role));
}

async function staffEntries(deps: Deps): Promise<StaffListEntry[]> {
  const roles = await deps.persistence.console.listStaff();
  const entries = await Promise.all(
    roles.map(async (staff) => {
      const [identity, actions] = await Promise.all([
        deps.persistence.identities.getIdentity(staff.identity_id),
        deps.persistence.console.listAudit({
          staffId: staff.identity_id,
          limit: lastActionsShown,
        }),
      ]);
      return identity
        ? [
            {
              ...memberOf(identity, staff.role),
              granted_at: staff.granted_at.toISOString(),
              last_actions: actions.map(toAuditEntry),
            },
          ]
        : [];
    }),
  );
  return entries.flat();
}

export async function listStaff(ctx: Ctx, actor: StaffActor): Promise<void> {
  const { deps } = ctx;
  requireRole(ctx, actor, "staff.list");
  const staff = await staffEntries(deps);
  await deps.persistence.transaction((tx) =>
    recordAudit(
      tx,
      actor,
      { action: "staff.list", targetId: null, details: { staff: staff.length } },
      deps.now(),
    ),
  );
  const answer: ConsoleStaffAnswer = { staff };
  sendJson(ctx.reply, 200, answer);
}

export function roleInput(ctx: Ctx): { role: StaffRole | null; reason: string } {
  const body = bodyOf(ctx);
  const role = body.role;
  if (role !== null && !staffRoles.includes(role as StaffRole))
    throw badField("role", `The role must be one of ${staffRoles.join(", ")}, or null.`);
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  if (reason.length < 3 || reason.length > 500)
    throw consoleError(
      "console_reason_required",
      "A change needs a reason of 3 to 500 characters.",
    );
  return { role: role as StaffRole | null, reason };
}

/** `PUT /admin/console/staff/{identityId}`: grants, changes or (null) takes a role. */
export async function changeRole(ctx: Ctx, actor: StaffActor): Promise<void> {
  const { deps } = ctx;
  requireRole(ctx, actor, "staff.role_change");
  const input = roleInput(ctx);
  requireRecentSignIn(ctx, actor, "staff.role_change");
  const id = (ctx.request.params as { identityId: string }).identityId;
  if (!uuidPattern.test(id)) throw customerNotFound();
  const now = deps.now();
  const answer = await deps.persistence.transaction(async (tx): Promise<ConsoleActionAnswer> => {
    if (!(await tx.console.holdIdentity(id))) throw customerNotFound();
    const admins = await tx.console.holdAdmins();
    const from = (await tx.console.staffRole(id))?.role ?? null;
    if (from === input.role) throw nothingToDo(`The identity has this role already.`);
    if (from === "admin" && admins <= 1)
      throw consoleError("console_last_admin", "The last admin cannot lose the role.");
    if (input.role === null) await tx.console.removeStaffRole(id);
    else
      await tx.console.putStaffRole({
        identity_id: id,
        role: input.role,
        granted_at: now,
        granted_by: actor.identity.id,
      });
    const details = { from, to: input.role };
    const auditId = await recordAudit(
      tx,
      actor,
      { action: "staff.role_change", targetId: id, reason: input.reason, details },
      now,
    );
    return { action: "staff.role_change", audit_id: auditId, details };
  });
  sendJson(ctx.reply, 200, answer);
}
