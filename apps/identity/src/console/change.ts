import type { ConsoleAction, ConsoleActionAnswer } from "@moos/contract";
import type { Body } from "../http/body.ts";
import { isPlainObject } from "../http/body.ts";
import type { Ctx } from "../http/context.ts";
import { sendJson } from "../http/respond.ts";
import type { Identity } from "../identity/identity.ts";
import type { Persistence } from "../persistence/persistence.ts";
import { uuidPattern } from "../session/handlers.ts";
import { requireMayActOn, requireRecentSignIn, requireRole } from "./access.ts";
import type { StaffActor } from "./actor.ts";
import { recordAudit } from "./audit.ts";
import { badField, consoleError } from "./errors.ts";
import type { AccountLock } from "./records.ts";
import { accountVersion } from "./version.ts";

// Every change to a customer's account runs here (docs/console.md#changes): the role, the body
// (a reason and the version the staff member saw), a recent sign-in where needed, then in one
// transaction: the account's row held, the account's role checked, the version compared, the
// change, its audit entry. Anything refused on the way (a conflict, nothing to do) rolls the
// whole of it back: nothing half-done, no entry for what did not happen.

export interface ChangeInput {
  reason: string;
  expected_version: string;
}

/** What a change sees: the account as it is now, inside the change's transaction. */
export interface Change<B> {
  ctx: Ctx;
  tx: Persistence;
  actor: StaffActor;
  identity: Identity;
  lock: AccountLock | undefined;
  input: B & ChangeInput;
  now: Date;
}

export interface ChangeOutcome {
  /** For the audit entry and the answer; never a secret or a customer's name or address. */
  details: Record<string, unknown>;
  /** More fields of the answer (the export's file). */
  answer?: Record<string, unknown>;
}

export interface ChangeSpec<B> {
  action: ConsoleAction;
  /** The action's own body fields (badField for a malformed one). */
  parse(body: Body): B;
  act(change: Change<B>): Promise<ChangeOutcome>;
}

export function bodyOf(ctx: Ctx): Body {
  const body = ctx.request.body ?? {};
  if (!isPlainObject(body)) throw badField("body", "The request body must be a JSON object.");
  return body;
}

export function stringField(body: Body, field: string, options: { max: number }): string {
  const value = body[field];
  if (typeof value !== "string" || value.trim() === "")
    throw badField(field, `The field "${field}" must be a non-empty string.`);
  if (value.length > options.max)
    throw badField(field, `The field "${field}" is longer than ${options.max} characters.`);
  return value.trim();
}

function changeInput(body: Body): ChangeInput {
  const reason = typeof body.reason === "string" ? body.reason.trim() : "";
  if (reason.length < 3 || reason.length > 500)
    throw consoleError(
      "console_reason_required",
      "A change needs a reason of 3 to 500 characters.",
    );
  return { reason, expected_version: stringField(body, "expected_version", { max: 64 }) };
}

export function customerNotFound(): Error {
  return consoleError("console_customer_not_found", "No customer has this id.");
}

/** The route of one change on `/admin/console/customers/{id}/...`. */
export function changeHandler<B>(
  spec: ChangeSpec<B>,
): (ctx: Ctx, actor: StaffActor) => Promise<void> {
  return async (ctx, actor) => {
    const { deps } = ctx;
    requireRole(ctx, actor, spec.action);
    const body = bodyOf(ctx);
    const input = { ...changeInput(body), ...spec.parse(body) };
    requireRecentSignIn(ctx, actor, spec.action);
    const id = (ctx.request.params as { id: string }).id;
    if (!uuidPattern.test(id)) throw customerNotFound();
    const now = deps.now();
    const result = await deps.persistence.transaction(async (tx) => {
      if (!(await tx.console.holdIdentity(id))) throw customerNotFound();
      const [identity, staff, lock] = await Promise.all([
        tx.identities.getIdentity(id),
        tx.console.staffRole(id),
        tx.locks.activeLock(id, now),
      ]);
      if (!identity) throw customerNotFound();
      requireMayActOn(ctx, actor, spec.action, { id, role: staff?.role ?? null });
      if (accountVersion(identity, lock) !== input.expected_version)
        throw consoleError(
          "console_conflict",
          "The account changed since the page was loaded; nothing was done.",
        );
      const outcome = await spec.act({ ctx, tx, actor, identity, lock, input, now });
      const auditId = await recordAudit(
        tx,
        actor,
        { action: spec.action, targetId: id, reason: input.reason, details: outcome.details },
        now,
      );
      return { auditId, outcome };
    });
    const answer: ConsoleActionAnswer = {
      action: spec.action,
      audit_id: result.auditId,
      details: result.outcome.details,
    };
    sendJson(ctx.reply, 200, { ...answer, ...result.outcome.answer });
  };
}

export function nothingToDo(reason: string): Error {
  return consoleError("console_nothing_to_do", reason);
}
