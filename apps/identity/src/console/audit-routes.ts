import type { ConsoleAuditPage } from "@moos/contract";
import type { Deps } from "../deps/deps.ts";
import { type Ctx, query } from "../http/context.ts";
import { errors } from "../http/errors.ts";
import { sendJson } from "../http/respond.ts";
import { uuidPattern } from "../session/handlers.ts";
import { requireMayActOn, requireRole } from "./access.ts";
import type { StaffActor } from "./actor.ts";
import { auditPageSize, pageToken, parsePageToken, recordAudit, toAuditEntry } from "./audit.ts";
import { badField } from "./errors.ts";
import type { AuditCursor } from "./records.ts";

// Reading the audit log (docs/console.md#audit): in the console, per customer and per staff
// member (itself audited as `audit.read`), and for the shop's systems with the admin token
// (`GET /admin/audit`). Newest first, 50 a page.

interface AuditQuery {
  targetId?: string;
  staffId?: string;
  after?: AuditCursor;
}

/** The filters and the page; `refuse(field)` names what is malformed. */
function auditQuery(ctx: Ctx, refuse: (field: string) => Error): AuditQuery {
  const params = query(ctx);
  const id = (field: "customer_id" | "staff_id"): string | undefined => {
    const value = params[field];
    if (value === undefined || value === "") return undefined;
    if (!uuidPattern.test(value)) throw refuse(field);
    return value.toLowerCase();
  };
  const targetId = id("customer_id");
  const staffId = id("staff_id");
  const token = params.page_token;
  const after = token ? parsePageToken(token) : undefined;
  if (token && !after) throw refuse("page_token");
  return {
    ...(targetId ? { targetId } : {}),
    ...(staffId ? { staffId } : {}),
    ...(after ? { after } : {}),
  };
}

async function auditPage(deps: Deps, filter: AuditQuery): Promise<ConsoleAuditPage> {
  const records = await deps.persistence.console.listAudit({ ...filter, limit: auditPageSize });
  const last = records.at(-1);
  return {
    entries: records.map(toAuditEntry),
    next_page_token: last && records.length === auditPageSize ? pageToken(last) : null,
  };
}

/**
 * `GET /admin/console/audit`: any role reads a customer's entries (unless the customer's role is
 * higher) and their own trail; another staff member's trail and the unfiltered log are for
 * admins, who see the staff page anyway.
 */
export async function readAudit(ctx: Ctx, actor: StaffActor): Promise<void> {
  const { deps } = ctx;
  requireRole(ctx, actor, "audit.read");
  const filter = auditQuery(ctx, (field) => badField(field, `The ${field} is not valid.`));
  if (filter.targetId) {
    const role = (await deps.persistence.console.staffRole(filter.targetId))?.role ?? null;
    requireMayActOn(ctx, actor, "audit.read", { id: filter.targetId, role });
  }
  // Anyone's trail, or the whole log unfiltered: what the admins' staff page shows.
  const othersTrail = filter.staffId ? filter.staffId !== actor.identity.id : !filter.targetId;
  if (othersTrail) requireRole(ctx, actor, "staff.list");
  const page = await auditPage(deps, filter);
  await deps.persistence.transaction((tx) =>
    recordAudit(
      tx,
      actor,
      {
        action: "audit.read",
        targetId: filter.targetId ?? null,
        details: {
          ...(filter.staffId ? { staff_id: filter.staffId } : {}),
          entries: page.entries.length,
        },
      },
      deps.now(),
    ),
  );
  sendJson(ctx.reply, 200, page);
}

/** `GET /admin/audit` (admin token): the shop's systems read the log; not itself audited. */
export async function readAuditAsAdmin(ctx: Ctx): Promise<void> {
  const filter = auditQuery(ctx, (field) => errors.badRequest(`The ${field} is not valid.`));
  sendJson(ctx.reply, 200, await auditPage(ctx.deps, filter));
}
