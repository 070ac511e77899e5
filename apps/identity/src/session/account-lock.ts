import type { Deps } from "../deps/deps.ts";
import { HttpError } from "../http/errors.ts";
import type { Session } from "./session.ts";

// A locked account (docs/console.md#locking-an-account) gets no session, whichever way it signs
// in: password, code, passkey, social sign-in, a recovery code or link. createSession asks here,
// the one step every sign-in passes when its session is issued, and it asks only after the
// credential was checked, so the refusal tells nobody but the account's owner that it is locked.
//
// It asks after the new session is stored, and ends it when a lock holds: then a lock set at
// the same moment cannot miss it. The lock's transaction holds the account's row from its start
// (console/change.ts) and ends every session; a session stored before that is ended by it, and
// one stored after it waited for the row (the session's foreign key needs it) and sees the lock
// here. Asking before storing would leave a working session when the lock came in between.

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

/** Ends the just stored session and throws AccountLocked when a lock holds on its identity. */
export async function refuseLockedAccount(deps: Deps, session: Session): Promise<void> {
  if (!(await deps.persistence.locks.activeLock(session.identity_id, deps.now()))) return;
  await deps.persistence.sessions.revokeSession(session.identity_id, session.id);
  throw new AccountLocked();
}
