import type { Ctx } from "../http/context.ts";
import { errors } from "../http/errors.ts";
import type { OAuth2LoginRequest } from "../oauth2/oauth2-provider.ts";
import { validateReturnTo } from "./return-to.ts";

// `login_challenge` on the login and registration init endpoints (Kratos's
// hydra.GetLoginChallengeID and createBrowser{Login,Registration}Flow): the OAuth2 provider sent
// the browser here to sign someone in for a client. Browser flows read the login request at
// once: `skip` says whether the provider remembers the person, `request_url` may become
// return_to. API flows keep the challenge only, as in Kratos (an app signs in without the
// provider's browser redirects).

/** The challenge in the query; refused without `oauth2_provider.url` or when empty. */
export function loginChallengeParam(
  ctx: Ctx,
  params: Record<string, string | undefined>,
): string | undefined {
  const challenge = params.login_challenge;
  if (challenge === undefined) return undefined;
  if (!ctx.deps.oauth2) {
    throw errors.badRequest(
      "refusing to parse login_challenge query parameter because oauth2_provider.url is invalid or unset",
    );
  }
  if (!challenge) throw errors.badRequest("the login_challenge parameter is present but empty");
  return challenge;
}

export interface BrowserLoginChallenge {
  challenge: string;
  request: OAuth2LoginRequest;
  /** `override_return_to`: the authorization request, so detours (recovery) end back there. */
  returnTo: string | undefined;
}

/** The login request behind a browser flow's challenge, with the return_to it implies. */
export async function browserLoginChallenge(
  ctx: Ctx,
  challenge: string,
): Promise<BrowserLoginChallenge> {
  const provider = ctx.deps.oauth2;
  if (!provider) throw new Error("loginChallengeParam lets no challenge through without oauth2");
  const request = await provider.getLoginRequest(challenge);
  const override = ctx.deps.config.oauth2_provider.override_return_to && request.request_url;
  // Like any return_to, the provider's URL must be allowed (selfservice.allowed_return_urls).
  const returnTo = override ? validateReturnTo(ctx.deps.config, request.request_url) : undefined;
  return { challenge, request, returnTo };
}
