import type { Deps } from "../http/deps.ts";

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
