import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { Ctx } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { redirect } from "../../http/respond.ts";
import type { OidcClient } from "./clients.ts";
import { newStateValues, saveOidcState } from "./state.ts";

// Sending the browser to the provider, for a sign-in (login, registration) or a `link` in
// settings: the state values are stored with the flow, the provider answers at callbackUrl.

export function isOidcEnabled(deps: Deps): boolean {
  return deps.config.selfservice.methods.oidc.enabled;
}

export function callbackUrl(deps: Deps, provider: string): string {
  return new URL(
    `self-service/methods/oidc/callback/${encodeURIComponent(provider)}`,
    deps.config.serve.public.base_url,
  ).toString();
}

/** Starts the provider's authorization for the flow and sends the browser there. */
export async function sendToProvider(
  ctx: Ctx,
  flow: Flow,
  client: OidcClient,
  extra: { traits?: Record<string, unknown> | undefined; upstream?: Record<string, string> },
): Promise<void> {
  const values = newStateValues();
  // The URL first: if the provider cannot be reached, nothing is stored.
  const target = await client.authorizationUrl({
    redirectUri: callbackUrl(ctx.deps, client.config.id),
    state: values.state,
    nonce: values.nonce,
    codeVerifier: values.codeVerifier,
    ...(extra.upstream ? { upstream: extra.upstream } : {}),
  });
  await saveOidcState(ctx, flow, values, { provider: client.config.id, traits: extra.traits });
  await ctx.deps.persistence.flows.updateFlow(flow);
  if (ctx.json || flow.type === "api") throw errors.browserLocationChange(target);
  redirect(ctx.reply, target);
}
