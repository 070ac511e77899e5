import type { Deps } from "../composition/deps.ts";
import { HttpError } from "../http/errors.ts";

// A locked account (docs/console.md#locking-an-account) gets no session, whichever way it signs
// in: password, code, passkey, social sign-in, a recovery code or link. createSession asks here,
// the one step every sign-in passes when its session is issued, and it asks only after the
// credential was checked, so the refusal tells nobody but the account's owner that it is locked.

/**
 * Thrown instead of a session. The flow routes (and the social sign-in's callback) catch it and
 * show 4901001 on the flow; anywhere else it answers 400 with this reason.
 */
export class AccountLocked extends HttpError {
  constructor() {
    super(400, "The request was malformed or contained invalid parameters", {
      reason: "This account is locked; the shop's customer service can lift the lock.",
    });
  }
}

/** Throws AccountLocked when a lock holds on the identity now. */
export async function refuseLockedAccount(deps: Deps, identityId: string): Promise<void> {
  if (await deps.persistence.locks.activeLock(identityId, deps.now())) throw new AccountLocked();
}
