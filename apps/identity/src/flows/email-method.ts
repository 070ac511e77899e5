import type { Deps } from "../deps/deps.ts";
import { type Body, optionalString } from "../http/body.ts";

/**
 * What a recovery or verification flow emails (`selfservice.flows.<flow>.use`): a code, or a
 * link while the link method is on. Each flow hands its submits to the strategy of that name.
 */
export function emailMethod(deps: Deps, flow: "recovery" | "verification"): "code" | "link" {
  const useLink =
    deps.config.selfservice.methods.link.enabled &&
    deps.config.selfservice.flows[flow].use === "link";
  return useLink ? "link" : "code";
}

/**
 * The emailed link's `token` in a submit, when the method in use opens links: such a submit is
 * its own proof and skips the CSRF check. The check and the submit both read it here, so a
 * body that skips the check is always handled as the link.
 */
export function linkToken(
  body: Body,
  strategy: { readonly openLink?: unknown },
): string | undefined {
  return strategy.openLink ? optionalString(body, "token") : undefined;
}
