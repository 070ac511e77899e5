import type { Deps } from "../../http/deps.ts";
import { csrfNode, inputNode, labels, submitNode, type UiNode } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";

// Login forms (PROTOCOL.md §4). Identifier-first asks for the email alone, then shows the
// password step for every address alike, so the form never reveals whether one is registered.

export function identifierLabel(deps: Deps): UiText {
  const field = deps.defaultSchema.passwordIdentifierFields[0];
  return field?.title ? uiText(1070002, { title: field.title, name: field.name }) : uiText(1070004);
}

export function loginNodes(
  deps: Deps,
  csrfToken: string,
  options: { refreshIdentifier?: string },
): UiNode[] {
  const identifier = options.refreshIdentifier;
  if (
    deps.config.selfservice.flows.login.style === "identifier_first" &&
    identifier === undefined
  ) {
    return [
      csrfNode(csrfToken),
      inputNode({
        group: "identifier_first",
        name: "identifier",
        type: "text",
        value: "",
        required: true,
        autocomplete: "username",
        label: identifierLabel(deps),
      }),
      submitNode("identifier_first", "method", "identifier_first", labels.continue()),
    ];
  }
  return [
    csrfNode(csrfToken),
    inputNode({
      group: "default",
      name: "identifier",
      type: identifier === undefined ? "text" : "hidden",
      value: identifier ?? "",
      required: true,
      autocomplete: "username",
      label: identifierLabel(deps),
    }),
    ...passwordNodes(identifier === undefined ? uiText(1010022) : uiText(1010001)),
  ];
}

export function passwordNodes(submitLabel: UiText): UiNode[] {
  return [
    inputNode({
      group: "password",
      name: "password",
      type: "password",
      required: true,
      autocomplete: "current-password",
      label: labels.password(),
    }),
    submitNode("password", "method", "password", submitLabel),
  ];
}

/** The second step of identifier-first: the identifier kept as a hidden field. */
export function passwordStepNodes(deps: Deps, csrfToken: string, identifier: string): UiNode[] {
  return [
    csrfNode(csrfToken),
    inputNode({
      group: "identifier_first",
      name: "identifier",
      type: "hidden",
      value: identifier,
      required: true,
      label: identifierLabel(deps),
    }),
    ...passwordNodes(uiText(1010022)),
  ];
}
