// Deleting an account (and downloading its data) needs a recent sign-in: someone at an
// unlocked computer with an old session must not be able to do either. 15 minutes, the same
// as the identity service's privileged session for settings (README: "not shown" choices).

import type { Session } from "@ory/client-fetch";

export const RECENT_SIGN_IN_MS = 15 * 60 * 1000;

export function isRecentSignIn(session: Pick<Session, "authenticated_at">, now: Date): boolean {
  const at = session.authenticated_at ? new Date(session.authenticated_at).getTime() : Number.NaN;
  if (Number.isNaN(at)) return false;
  return now.getTime() - at <= RECENT_SIGN_IN_MS;
}
