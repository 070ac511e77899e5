import type { Deps } from "../../deps/deps.ts";

/** Sign-in and sign-up by email code (Kratos: `selfservice.methods.code.passwordless_enabled`). */
export function isPasswordlessCodeEnabled(deps: Deps): boolean {
  const { code } = deps.config.selfservice.methods;
  return code.enabled && code.passwordless_enabled;
}
