import type { Ctx, RequestCtx } from "../../http/context.ts";
import { errors, HttpError, kratosError } from "../../http/errors.ts";
import { securitySummary } from "../../security/settings-changes.ts";
import {
  aal2Required,
  isAalSatisfied,
  requireAal,
  secondFactorLoginUrl,
} from "../../session/aal-required.ts";
import { type ActiveSession, findActiveSession } from "../../session/session-manager.ts";
import type { Flow } from "../flow.ts";
import { FlowError } from "../flow-error.ts";
import { uiUrl } from "../new-flow.ts";

// Settings act on the signed-in identity only (docs/protocol.md#settings-endpoints): every read and
// submit needs a session of the identity the flow was made for, and sensitive changes (the
// password, the email address) need one authenticated within privileged_session_max_age, so a
// session left open on a shared computer cannot take the account over. Where a session falls
// short, a FlowError sends the browser to sign in (and back) and tells JSON clients why.

/** Where a browser without a session signs in; it comes back to `returnTo` afterwards. */
export function loginUrl(
  ctx: RequestCtx,
  returnTo: string,
  options: { refresh?: true } = {},
): string {
  const url = new URL("self-service/login/browser", ctx.deps.config.serve.public.base_url);
  if (options.refresh) url.searchParams.set("refresh", "true");
  url.searchParams.set("return_to", returnTo);
  return url.toString();
}

export function identityMismatch(): HttpError {
  return kratosError("security_identity_mismatch", "The requested action was forbidden", {
    reason: "The request was made for another identity and has been blocked for security reasons.",
  });
}

/** GET /self-service/settings/flows: 401 without an error id, 403 for another identity. */
export async function authorizeSettingsRead(ctx: Ctx, flow: Flow): Promise<void> {
  const active = await findActiveSession(ctx.deps, ctx.request);
  if (!active) {
    throw new HttpError(401, "The request could not be authorized", {
      reason: "A valid Ory Session Cookie or Ory Session Token is missing.",
    });
  }
  if (active.identity.id !== flow.identity_id) throw identityMismatch();
  requireAal(ctx.deps, active, ctx.deps.config.selfservice.flows.settings.required_aal, {
    returnTo: uiUrl(ctx.deps, "settings", flow.id),
  });
}

/**
 * The session a submit runs as. Browsers without one are sent to sign in (and back to the
 * flow); JSON and API clients get 401 session_inactive.
 */
export async function sessionForSubmit(ctx: RequestCtx, flow: Flow): Promise<ActiveSession> {
  const active = await findActiveSession(ctx.deps, ctx.request);
  if (!active) {
    const back = new URL(ctx.deps.config.selfservice.flows.settings.ui_url);
    back.searchParams.set("flow", flow.id);
    throw new FlowError(
      errors.sessionInactive(),
      flow.type === "browser" ? loginUrl(ctx, back.toString()) : undefined,
    );
  }
  if (active.identity.id !== flow.identity_id) throw identityMismatch();
  requireSettingsAal(ctx, active, { returnTo: uiUrl(ctx.deps, "settings", flow.id) });
  // What the account looks like before this submit: completeSettings tells what changed.
  flow.internal.securityBefore = securitySummary(active.identity);
  return active;
}

/**
 * `selfservice.flows.settings.required_aal` (docs/protocol.md#settings-endpoints): a session below the
 * identity's highest level changes nothing, not even right after a recovery, until the second
 * factor is done. JSON and API clients get 403 session_aal2_required; browsers are sent to the
 * login flow's second-factor step (and back to `returnTo`).
 */
export function requireSettingsAal(
  ctx: RequestCtx,
  active: ActiveSession,
  options: { returnTo?: string | undefined },
): void {
  const required = ctx.deps.config.selfservice.flows.settings.required_aal;
  if (isAalSatisfied(ctx.deps, active, required)) return;
  const target = secondFactorLoginUrl(ctx.deps, options.returnTo);
  throw new FlowError(aal2Required(target), target);
}

/**
 * A sensitive change needs a session fresh enough (privileged_session_max_age). Otherwise JSON
 * clients get 403 session_refresh_required with `redirect_browser_to` at the top level, and
 * browsers are sent there: to sign in again and come back to the flow.
 */
export function requirePrivilegedSession(ctx: RequestCtx, flow: Flow, active: ActiveSession): void {
  const { deps } = ctx;
  const maxAge = deps.config.selfservice.flows.settings.privileged_session_max_age;
  if (active.session.authenticated_at.getTime() + maxAge > deps.now().getTime()) return;
  const back = new URL(`self-service/settings?flow=${flow.id}`, deps.config.serve.public.base_url);
  const target = loginUrl(ctx, back.toString(), { refresh: true });
  const error = kratosError("session_refresh_required", "The requested action was forbidden", {
    reason:
      "The login session is too old and thus not allowed to update these fields. Please re-authenticate.",
    extras: { redirect_browser_to: target },
  });
  throw new FlowError(error, target);
}
