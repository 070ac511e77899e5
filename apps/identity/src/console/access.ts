import {
  type ConsoleAction,
  consoleReauthActions,
  consoleReauthMaxAgeSeconds,
  roleMay,
  type StaffRole,
  staffRoles,
} from "@moos/contract";
import type { Ctx } from "../http/context.ts";
import type { StaffActor } from "./actor.ts";
import { consoleError } from "./errors.ts";

// What a staff member may do (docs/console.md#roles): the role table of the contract, never on
// an account whose role is higher than theirs, never a change to their own account (that goes
// through the account web app like anyone's), and the reauth actions only within a few minutes
// of signing in. A refusal changes nothing and is logged (not audited: nothing was done).

/** Actions that change a customer's account or hand its data out. */
const accountChanges: ReadonlySet<ConsoleAction> = new Set([
  "sessions.revoke",
  "account.lock",
  "account.unlock",
  "email.resend",
  "name.correct",
  "data.export",
  "account.delete",
  "second_factors.reset",
]);

function refuse(ctx: Ctx, actor: StaffActor, action: ConsoleAction, reason: string): never {
  ctx.request.log.warn(
    { staff_id: actor.identity.id, staff_role: actor.role, action, refused: reason },
    "console: action refused",
  );
  throw consoleError("console_forbidden", reason);
}

/** The role table (packages/contract's consoleActionRoles). */
export function requireRole(ctx: Ctx, actor: StaffActor, action: ConsoleAction): void {
  if (!roleMay(actor.role, action))
    refuse(ctx, actor, action, `The role ${actor.role} may not take the action ${action}.`);
}

/** Export, delete and role changes: a sign-in within consoleReauthMaxAgeSeconds. */
export function requireRecentSignIn(ctx: Ctx, actor: StaffActor, action: ConsoleAction): void {
  if (!(consoleReauthActions as readonly ConsoleAction[]).includes(action)) return;
  const at = actor.authTime;
  const oldest = ctx.deps.now().getTime() - consoleReauthMaxAgeSeconds * 1000;
  if (!at || at.getTime() < oldest) {
    throw consoleError(
      "console_reauth_required",
      `The action ${action} needs a sign-in within the last ${consoleReauthMaxAgeSeconds / 60} minutes (X-Moos-Staff-Auth-Time).`,
    );
  }
}

export function isHigher(role: StaffRole | null, than: StaffRole): boolean {
  return role !== null && staffRoles.indexOf(role) > staffRoles.indexOf(than);
}

/** Never on a higher role's account; no change to one's own. */
export function requireMayActOn(
  ctx: Ctx,
  actor: StaffActor,
  action: ConsoleAction,
  target: { id: string; role: StaffRole | null },
): void {
  if (isHigher(target.role, actor.role))
    refuse(ctx, actor, action, `The account has the role ${target.role}, above ${actor.role}.`);
  if (target.id === actor.identity.id && accountChanges.has(action))
    refuse(ctx, actor, action, "Staff change their own account in the account app, not here.");
}
