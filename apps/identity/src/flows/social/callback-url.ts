import type { Deps } from "../../deps/deps.ts";

/** Where a provider sends the browser back (GET, or Apple's form POST), per provider. */
export const socialCallbackPath = "/self-service/methods/oidc/callback/:provider";

export function socialCallbackUrl(deps: Deps, provider: string): string {
  return new URL(
    `self-service/methods/oidc/callback/${encodeURIComponent(provider)}`,
    deps.config.serve.public.base_url,
  ).toString();
}
