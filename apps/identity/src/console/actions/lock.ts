import type { Body } from "../../http/body.ts";
import { type ChangeSpec, nothingToDo } from "../change.ts";
import { badField } from "../errors.ts";
import { tellCustomer } from "./tell-customer.ts";

// `POST .../lock` and `.../unlock` (docs/console.md#locking-an-account). A lock holds until it is
// lifted or until `until`; every session ends with it, and no new one is issued
// (session/account-lock.ts). The lock's reason is the staff member's, kept for the staff.

const maxLockDays = 3650;

export const lockAccount: ChangeSpec<{ until: Date | null }> = {
  action: "account.lock",
  parse(body: Body) {
    const raw = body.until;
    if (raw === undefined || raw === null) return { until: null };
    const until = typeof raw === "string" ? new Date(raw) : undefined;
    if (!until || Number.isNaN(until.getTime()))
      throw badField("until", "The field until must be a date and time (ISO 8601) or null.");
    return { until };
  },
  async act(change) {
    const { tx, identity, input, now, lock } = change;
    if (lock) throw nothingToDo("The account is locked already.");
    const { until } = input;
    if (until && until <= now) throw badField("until", "The lock must end in the future.");
    if (until && until.getTime() > now.getTime() + maxLockDays * 86_400_000)
      throw badField(
        "until",
        "A lock with an end date may last at most 10 years; or leave it open.",
      );
    await tx.locks.putLock({
      identity_id: identity.id,
      locked_at: now,
      until,
      reason: input.reason,
      locked_by: change.actor.identity.id,
    });
    const sessions = await tx.sessions.revokeSessionsOfIdentity(identity.id, {});
    const untilText = until?.toISOString() ?? null;
    await tellCustomer(change, "support_account_locked", untilText ? { until: untilText } : {});
    return { details: { until: untilText, sessions } };
  },
};

export const unlockAccount: ChangeSpec<Record<string, never>> = {
  action: "account.unlock",
  parse: () => ({}),
  async act(change) {
    const { tx, identity, lock } = change;
    if (!lock || !(await tx.locks.removeLock(identity.id)))
      throw nothingToDo("The account is not locked.");
    await tellCustomer(change, "support_account_unlocked");
    return { details: { locked_since: lock.locked_at.toISOString() } };
  },
};
