import { completeWithSession } from "../../hooks/complete-with-session.ts";
import { runHooks } from "../../hooks/hook-executor.ts";
import type { Answer } from "../../http/answer.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { noteSignIn } from "../../security/sign-in.ts";
import {
  createSession,
  findActiveSession,
  type IssuedSession,
  refreshSession,
} from "../../session/session-manager.ts";
import type { Flow } from "../flow.ts";
import { afterLoginUrl } from "./after-login.ts";
import type { FirstFactor } from "./strategy.ts";

// The shared end of every first-factor sign-in (password, code, passkey, social): the session
// is issued or refreshed, the flow is marked done and saved, and the answer is the session
// (cookie or token).

export type { FirstFactor };

/** A session a first factor issued; `refreshed` when it re-authenticated the signed-in one. */
export interface LoginSession extends IssuedSession {
  refreshed?: boolean;
}

/** A refresh re-authenticates the signed-in account's session; otherwise a new aal1 session. */
export async function issueLoginSession(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  factor: FirstFactor,
): Promise<LoginSession> {
  const { deps } = ctx;
  const active = await findActiveSession(deps, ctx.request);
  if (flow.payload.refresh === true && active?.identity.id === identity.id) {
    await refreshSession(deps, active, {
      method: factor.method,
      aal: "aal1",
      completed_at: deps.now().toISOString(),
      ...(factor.provider ? { provider: factor.provider } : {}),
    });
    return { session: active.session, token: active.token, refreshed: true };
  }
  return createSession(deps, identity, factor, ctx.request);
}

/** The first factor passed: the flow is done and the session goes to the browser or app. */
export async function completeLogin(
  ctx: Ctx,
  flow: Flow,
  completion: { identity: Identity; issued: LoginSession; inBrowser?: boolean | undefined },
): Promise<Answer> {
  // The configured login hooks that act once the session exists (revoke_active_sessions).
  await runHooks(ctx, "login", {
    identity: completion.identity,
    session: completion.issued.session,
  });
  // A new session (not a refresh): the device is recognised, or the customer is told.
  if (!completion.issued.refreshed) {
    await noteSignIn(ctx, completion.identity, completion.inBrowser ? "browser" : flow.type);
  }
  flow.state = "passed_challenge";
  flow.internal.completed = true;
  flow.identity_id = completion.identity.id;
  await ctx.deps.persistence.flows.updateFlow(flow);
  return completeWithSession(ctx, {
    flow,
    identity: completion.identity,
    issued: completion.issued,
    returnTo: afterLoginUrl(ctx.deps, flow.payload.return_to),
    ...(completion.inBrowser ? { inBrowser: true } : {}),
  });
}
