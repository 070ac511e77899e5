import type { Deps } from "../../deps/deps.ts";

export function afterRegistrationUrl(deps: Deps, returnTo: string | undefined): string {
  return (
    returnTo ??
    deps.config.selfservice.flows.registration.after.default_browser_return_url ??
    deps.config.selfservice.default_browser_return_url
  );
}
