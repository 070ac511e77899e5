import type { Deps } from "../http/deps.ts";
import type { Identity } from "../identity/identity.ts";

/** Kratos's require_verified_address hook: the address signed in with must be verified. */
export function unverifiedAddress(
  deps: Deps,
  identity: Identity,
  identifier: string,
): string | undefined {
  const enabled = deps.config.selfservice.flows.login.after.hooks.some(
    (h) => h.hook === "require_verified_address",
  );
  if (!enabled) return undefined;
  const address = identity.verifiable_addresses.find((a) => a.value === identifier);
  return address && !address.verified ? address.value : undefined;
}
