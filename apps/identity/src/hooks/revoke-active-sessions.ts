import type { Ctx } from "../http/context.ts";
import { findActiveSession } from "../session/session-manager.ts";

// Kratos's revoke_active_sessions hook: the account keeps one session, the one the flow just
// signed in, recovered or changed the account with; every other device is signed out (each
// instance's session cache hears of it through the persister, as for DELETE /sessions).

/** Revokes every active session of the identity but `keep`. */
export async function revokeOtherSessions(
  ctx: Ctx,
  identityId: string,
  keep: string | undefined,
): Promise<void> {
  await ctx.deps.persistence.sessions.revokeSessionsOfIdentity(identityId, {
    ...(keep ? { exceptId: keep } : {}),
  });
}

/** After a settings change: the session that made it stays (cookie or session token). */
export async function revokeAllButRequestSession(ctx: Ctx, identityId: string): Promise<void> {
  const active = await findActiveSession(ctx.deps, ctx.request);
  const keep = active?.identity.id === identityId ? active.session.id : undefined;
  await revokeOtherSessions(ctx, identityId, keep);
}
