import type { Deps } from "../deps/deps.ts";
import type { Flow } from "../flows/flow.ts";
import { type Answer, redirectAnswer } from "../http/answer.ts";
import type { Ctx } from "../http/context.ts";
import { errors, HttpError } from "../http/errors.ts";
import type { Identity } from "../identity/identity.ts";
import type { AcceptOAuth2Login, OAuth2LoginRequest } from "../oauth2/oauth2-provider.ts";
import { availableAal } from "../session/aal.ts";
import type { Session } from "../session/session.ts";

// The end of a sign-in that an OAuth2 provider asked for (Kratos's PostLoginHook and session
// issuer with `OAuth2LoginChallenge`): the provider is told who signed in, with the identity
// service's session and the methods used, and answers where the browser goes next (back to
// it, then to the consent screen and the client).

/** The challenge a login, registration or verification flow carries. */
export function loginChallengeOf(flow: Flow): string | undefined {
  const challenge = flow.payload.oauth2_login_challenge;
  return typeof challenge === "string" && challenge ? challenge : undefined;
}

/**
 * What the provider is told about a session: the methods as `amr` (as Kratos sends them) and
 * its assurance level as `acr` (docs/openid-provider.md#assurance-levels).
 */
export function oauth2LoginOf(challenge: string, session: Session): AcceptOAuth2Login {
  return {
    challenge,
    identityId: session.identity_id,
    sessionId: session.id,
    amr: session.authentication_methods.map((m) => m.method),
    acr: session.aal,
  };
}

/** The level a client asks for with `acr_values` (OpenID Connect Core §3.1.2.1). */
export const SECOND_FACTOR_ACR = "aal2";

/** Whether the login request asks for a second factor (`acr_values` naming `aal2`). */
export function asksForSecondFactor(request: OAuth2LoginRequest): boolean {
  const context = request.oidc_context as { acr_values?: unknown } | undefined;
  const values = context?.acr_values;
  return Array.isArray(values) && values.includes(SECOND_FACTOR_ACR);
}

/**
 * Whether a session gives a client that asked for `aal2` what it asked for, as far as this
 * identity can: a second factor done, or a passkey (itself two factors: the device and its
 * PIN or biometrics), or nothing to ask for because the identity has no second factor set up
 * (the client reads `acr` and `amr` from the ID token and decides; the console refuses it).
 */
export function meetsSecondFactorRequest(
  deps: Deps,
  active: { session: Session; identity: Identity },
): boolean {
  const { session } = active;
  if (session.aal === "aal2" || session.aal === "aal3") return true;
  if (session.authentication_methods.some((m) => m.method === "passkey")) return true;
  return availableAal(deps, active.identity) !== "aal2";
}

/**
 * After a first factor in a sign-in for a client: whether the client's login request asked for
 * a second factor that the session still lacks. The request is read only when the session could
 * be raised at all, so an ordinary sign-in costs no extra call to the provider.
 */
export async function oauth2WantsSecondFactor(
  deps: Deps,
  challenge: string,
  active: { session: Session; identity: Identity },
): Promise<boolean> {
  if (!deps.oauth2 || meetsSecondFactorRequest(deps, active)) return false;
  return asksForSecondFactor(await deps.oauth2.getLoginRequest(challenge));
}

/** Accepts the provider's login request; resolves to the provider's URL for the browser. */
export async function acceptOAuth2Login(deps: Deps, login: AcceptOAuth2Login): Promise<string> {
  if (!deps.oauth2) {
    // The flow was started while oauth2_provider.url was set; the configuration changed since.
    throw new HttpError(
      500,
      "An internal server error occurred, please contact the system administrator",
      { reason: "oauth2_provider.url is not configured" },
    );
  }
  return deps.oauth2.acceptLoginRequest(login);
}

/**
 * A signed-in browser whose session the provider may reuse (`skip: true`, Kratos's
 * ErrAlreadyLoggedIn branch): accepted at once. Browsers are redirected; JSON clients are told
 * where to send the browser (422 browser_location_change_required).
 */
export async function acceptSignedInBrowser(
  ctx: Ctx,
  challenge: string,
  session: Session,
): Promise<Answer> {
  const target = await acceptOAuth2Login(ctx.deps, oauth2LoginOf(challenge, session));
  if (!ctx.json) return redirectAnswer(target);
  throw errors.browserLocationChange(target);
}
