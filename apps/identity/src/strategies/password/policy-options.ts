import type { Deps } from "../../deps/deps.ts";
import type { PasswordPolicyOptions } from "./policy/index.ts";

export function passwordPolicyOf(deps: Deps): PasswordPolicyOptions {
  const c = deps.config.selfservice.methods.password.config;
  return {
    minLength: c.min_password_length,
    maxLength: c.max_password_length,
    identifierSimilarityCheckEnabled: c.identifier_similarity_check_enabled,
    haveIBeenPwnedEnabled: c.haveibeenpwned_enabled,
    haveIBeenPwnedHost: c.haveibeenpwned_host,
    haveIBeenPwnedTimeoutMs: c.haveibeenpwned_timeout,
    maxBreaches: c.max_breaches,
  };
}
