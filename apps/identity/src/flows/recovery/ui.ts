import { csrfNode, inputNode, labels, submitNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";

export function recoveryEmailNodes(csrfToken: string, email = ""): UiNode[] {
  return [
    csrfNode(csrfToken),
    inputNode({
      group: "code",
      name: "email",
      type: "email",
      value: email,
      required: true,
      autocomplete: "email",
      label: labels.email(),
    }),
    submitNode("code", "method", "code", labels.continue()),
  ];
}

export function recoveryCodeNodes(csrfToken: string, address: string): UiNode[] {
  return [
    csrfNode(csrfToken),
    inputNode({
      group: "code",
      name: "code",
      type: "text",
      value: "",
      required: true,
      pattern: "[0-9]+",
      maxlength: 6,
      autocomplete: "one-time-code",
      label: uiText(1070010),
    }),
    inputNode({ group: "code", name: "method", type: "hidden", value: "code" }),
    submitNode("code", "method", "code", labels.continue()),
    submitNode("code", "email", address, labels.resendCode()),
  ];
}
