import type { Deps } from "../deps/deps.ts";
import { type HttpError, kratosError } from "../http/errors.ts";
import { availableAal } from "./aal.ts";
import type { ActiveSession } from "./session-manager.ts";

// `required_aal: highest_available` (whoami, settings): a session below what its identity can
// reach is refused with 403 session_aal2_required, and the browser is pointed at the login
// flow's second-factor step. `aal1` accepts any session.

export type RequiredAal = "aal1" | "highest_available";

/**
 * Where a browser completes the second factor; it returns to `returnTo` afterwards. An OAuth2
 * login challenge goes along (Kratos's PassReturnToAndLoginChallengeParameters), so the second
 * step answers the provider.
 */
export function secondFactorLoginUrl(
  deps: Deps,
  returnTo?: string,
  options: { loginChallenge?: string | undefined } = {},
): string {
  const url = new URL("self-service/login/browser", deps.config.serve.public.base_url);
  url.searchParams.set("aal", "aal2");
  if (returnTo) url.searchParams.set("return_to", returnTo);
  if (options.loginChallenge) url.searchParams.set("login_challenge", options.loginChallenge);
  return url.toString();
}

export function isAalSatisfied(deps: Deps, active: ActiveSession, required: RequiredAal): boolean {
  if (required === "aal1" || active.session.aal === "aal2" || active.session.aal === "aal3")
    return true;
  return availableAal(deps, active.identity) !== "aal2";
}

export function aal2Required(redirectTo: string): HttpError {
  return kratosError(
    "session_aal2_required",
    "Session does not fulfill the requested Authenticator Assurance Level",
    {
      reason:
        "An active session was found but it does not fulfill the requested Authenticator Assurance Level. Please verify yourself with a second factor to resolve this issue.",
      details: { redirect_browser_to: redirectTo },
      extras: { redirect_browser_to: redirectTo },
    },
  );
}

/** Throws session_aal2_required unless the session satisfies `required`. */
export function requireAal(
  deps: Deps,
  active: ActiveSession,
  required: RequiredAal,
  options: { returnTo?: string | undefined } = {},
): void {
  if (isAalSatisfied(deps, active, required)) return;
  throw aal2Required(secondFactorLoginUrl(deps, options.returnTo));
}
