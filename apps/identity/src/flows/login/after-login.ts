import type { Deps } from "../../deps/deps.ts";

export function afterLoginUrl(deps: Deps, returnTo: string | undefined): string {
  return (
    returnTo ??
    deps.config.selfservice.flows.login.after.default_browser_return_url ??
    deps.config.selfservice.default_browser_return_url
  );
}
