import type { Deps } from "../deps/deps.ts";
import type { Flow } from "../flows/flow.ts";
import { type Answer, redirectAnswer } from "../http/answer.ts";
import type { Ctx } from "../http/context.ts";
import { errors, HttpError } from "../http/errors.ts";
import type { AcceptOAuth2Login } from "../oauth2/oauth2-provider.ts";
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

/** What the provider is told about a session (Kratos sends the methods as `amr`). */
export function oauth2LoginOf(challenge: string, session: Session): AcceptOAuth2Login {
  return {
    challenge,
    identityId: session.identity_id,
    sessionId: session.id,
    amr: session.authentication_methods.map((m) => m.method),
  };
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
