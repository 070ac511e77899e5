import type { Deps } from "../../http/deps.ts";
import { csrfNode, submitNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { newPasswordNode, traitNodes } from "../../ui/trait-nodes.ts";

/** Step one of profile_first, or the one unified form. */
export function registrationNodes(
  deps: Deps,
  csrfToken: string,
  traits: Record<string, unknown> = {},
): UiNode[] {
  if (deps.config.selfservice.flows.registration.style === "unified") {
    return [
      csrfNode(csrfToken),
      ...traitNodes(deps.defaultSchema, traits, { group: "default", hidden: false }),
      newPasswordNode(),
      submitNode("password", "method", "password", uiText(1040001)),
    ];
  }
  return [
    csrfNode(csrfToken),
    ...traitNodes(deps.defaultSchema, traits, { group: "default", hidden: false }),
    submitNode("profile", "method", "profile", uiText(1040001)),
  ];
}

/** Step two of profile_first: traits kept hidden, a way back, and the password. */
export function credentialSelectionNodes(
  deps: Deps,
  csrfToken: string,
  traits: Record<string, unknown>,
): UiNode[] {
  return [
    csrfNode(csrfToken),
    ...traitNodes(deps.defaultSchema, traits, { group: "default", hidden: true }),
    submitNode("profile", "screen", "previous", uiText(1040008)),
    newPasswordNode(),
    submitNode("password", "method", "password", uiText(1040001)),
  ];
}
