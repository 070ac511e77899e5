import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import { socialCallbackUrl } from "../../flows/social/callback-url.ts";
import type { Redirect } from "../../flows/verdict.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { OidcClient } from "./clients.ts";
import { newStateValues, saveOidcState } from "./state.ts";

// Sending the browser to the provider, for a sign-in (login, registration) or a `link` in
// settings: the state values are stored with the flow, the provider answers at the callback.

export function isOidcEnabled(deps: Deps): boolean {
  return deps.config.selfservice.methods.oidc.enabled;
}

/** Starts the provider's authorization for the flow: the browser goes there next. */
export async function sendToProvider(
  ctx: RequestCtx,
  flow: Flow,
  client: OidcClient,
  extra: { traits?: Record<string, unknown> | undefined; upstream?: Record<string, string> },
): Promise<Redirect> {
  const values = newStateValues();
  // The URL first: if the provider cannot be reached, nothing is stored.
  const target = await client.authorizationUrl({
    redirectUri: socialCallbackUrl(ctx.deps, client.config.id),
    state: values.state,
    nonce: values.nonce,
    codeVerifier: values.codeVerifier,
    ...(extra.upstream ? { upstream: extra.upstream } : {}),
  });
  const continuity = await saveOidcState(ctx, flow, values, {
    provider: client.config.id,
    traits: extra.traits,
  });
  return { result: "redirect", to: target, continuity };
}
