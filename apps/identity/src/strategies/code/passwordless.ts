import type { Deps } from "../../http/deps.ts";
import { submitNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";

/** Sign-in and sign-up by email code (Kratos: `selfservice.methods.code.passwordless_enabled`). */
export function isPasswordlessCodeEnabled(deps: Deps): boolean {
  const { code } = deps.config.selfservice.methods;
  return code.enabled && code.passwordless_enabled;
}

/** "Send sign in code" (1010015): the login form's way to ask for a code. */
export function loginCodeSubmitNode(): UiNode {
  return submitNode("code", "method", "code", uiText(1010015));
}

/** "Send sign up code" (1040006): the registration form's way to ask for a code. */
export function registrationCodeSubmitNode(): UiNode {
  return submitNode("code", "method", "code", uiText(1040006));
}
