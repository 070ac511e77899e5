import { socialCallbackUrl } from "../../flows/social/callback-url.ts";
import type { CallbackParams, SocialProfile, SocialRefusal } from "../../flows/social/strategy.ts";
import type { RequestCtx } from "../../http/context.ts";
import { OidcError } from "./errors.ts";
import { refusal } from "./refusal.ts";
import { isSameBrowser, type OidcState, takeOidcState } from "./state.ts";

// The provider's answer at GET /self-service/methods/oidc/callback/<provider> (the route is
// flows/social/callback-route.ts). Checked in this order, each failure shown on the login
// screen without a session: state present, known and unused (taken on first use), same browser
// (continuity cookie); then, once the flow is found alive, same provider, no provider error, a
// code; then openid-client checks PKCE, `iss` and the ID token (signature, issuer, audience,
// expiry, nonce) while redeeming the code.

/** The callback's state, taken once, from the browser that went to the provider. */
export async function takeCallbackState(
  ctx: RequestCtx,
  params: CallbackParams,
): Promise<OidcState | SocialRefusal> {
  if (!params.state) return refusal(ctx, new OidcError("state_missing"));
  const state = await takeOidcState(ctx, params.state);
  if (!state) return refusal(ctx, new OidcError("state_invalid"));
  if (!isSameBrowser(ctx, state)) return refusal(ctx, new OidcError("state_other_browser"));
  return state;
}

/** The state named a flow this browser can not continue. */
export function staleCallback(ctx: RequestCtx): SocialRefusal {
  return refusal(ctx, new OidcError("state_invalid"));
}

/** The provider's answer for the state's flow: the profile its code names. */
export async function redeemCallback(
  ctx: RequestCtx,
  state: OidcState,
  providerId: string,
  params: CallbackParams,
): Promise<SocialProfile | SocialRefusal> {
  const { deps } = ctx;
  const client = deps.oidc.get(providerId);
  const label = client?.config.label;
  if (state.provider !== providerId) return refusal(ctx, new OidcError("provider_mismatch"), label);
  if (!client) return refusal(ctx, new OidcError("provider_unknown"), label);
  if (params.error) {
    const detail = params.error.slice(0, 64);
    return refusal(ctx, new OidcError("provider_error", { detail }), label);
  }
  if (!params.code) return refusal(ctx, new OidcError("code_missing"), label);

  const received = new URL(socialCallbackUrl(deps, providerId));
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) received.searchParams.set(key, value);
  }
  try {
    return await client.exchangeCode({
      callbackUrl: received,
      state: params.state ?? "",
      nonce: state.nonce,
      codeVerifier: state.codeVerifier,
      appleUser: params.user,
    });
  } catch (error) {
    if (error instanceof OidcError) return refusal(ctx, error, label);
    throw error;
  }
}
