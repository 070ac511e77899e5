import type { Deps } from "../../http/deps.ts";
import {
  csrfNode,
  inputNode,
  labels,
  type NodeGroup,
  submitNode,
  type UiNode,
} from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";

function traitNodes(
  deps: Deps,
  traits: Record<string, unknown>,
  options: { group: NodeGroup; hidden: boolean },
): UiNode[] {
  return deps.defaultSchema.fields.map((field) => {
    const value = field.path.reduce<unknown>(
      (v, key) => (v as Record<string, unknown> | undefined)?.[key],
      traits,
    );
    return inputNode({
      group: options.group,
      name: field.name,
      type: options.hidden ? "hidden" : field.type,
      value: value ?? "",
      required: field.required || undefined,
      autocomplete: field.autocomplete,
      pattern: field.pattern,
      label: field.title ? uiText(1070002, { title: field.title, name: field.name }) : undefined,
    });
  });
}

function passwordNode(): UiNode {
  return inputNode({
    group: "password",
    name: "password",
    type: "password",
    required: true,
    autocomplete: "new-password",
    label: labels.password(),
  });
}

/** Step one of profile_first, or the one unified form. */
export function registrationNodes(
  deps: Deps,
  csrfToken: string,
  traits: Record<string, unknown> = {},
): UiNode[] {
  if (deps.config.selfservice.flows.registration.style === "unified") {
    return [
      csrfNode(csrfToken),
      ...traitNodes(deps, traits, { group: "default", hidden: false }),
      passwordNode(),
      submitNode("password", "method", "password", uiText(1040001)),
    ];
  }
  return [
    csrfNode(csrfToken),
    ...traitNodes(deps, traits, { group: "default", hidden: false }),
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
    ...traitNodes(deps, traits, { group: "default", hidden: true }),
    submitNode("profile", "screen", "previous", uiText(1040008)),
    passwordNode(),
    submitNode("password", "method", "password", uiText(1040001)),
  ];
}
