import type { KratosMessageId } from "@moos/contract";
import { csrfNode, inputNode, labels, submitNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";

// The two steps of every email-code form (recovery and verification, docs/protocol.md#recovery-and-verification-forms):
// ask for the address, then for the code with a way to send it again.

export function emailStepNodes(csrfToken: string, email = ""): UiNode[] {
  return [
    csrfNode(csrfToken),
    emailInputNode("code", email),
    submitNode("code", "method", "code", labels.continue()),
  ];
}

/** The address field of the code and link methods' first step. */
export function emailInputNode(group: "code" | "link", email: string): UiNode {
  return inputNode({
    group,
    name: "email",
    type: "email",
    // Kratos sends no value for an empty field (docs/protocol.md#ui-nodes).
    value: email || undefined,
    required: true,
    autocomplete: "email",
    label: labels.email(),
  });
}

/** The six-digit code field, filled by the browser from the email where it can. */
function codeInputNode(label: KratosMessageId): UiNode {
  return inputNode({
    group: "code",
    name: "code",
    type: "text",
    required: true,
    pattern: "[0-9]+",
    maxlength: 6,
    autocomplete: "one-time-code",
    label: uiText(label),
  });
}

export function codeStepNodes(
  csrfToken: string,
  address: string,
  options: { codeLabel: KratosMessageId; methodFirst: boolean },
): UiNode[] {
  const method = inputNode({ group: "code", name: "method", type: "hidden", value: "code" });
  const code = codeInputNode(options.codeLabel);
  return [
    csrfNode(csrfToken),
    ...(options.methodFirst ? [method, code] : [code, method]),
    submitNode("code", "method", "code", labels.continue()),
    submitNode("code", "email", address, labels.resendCode()),
  ];
}

/**
 * The code entry of passwordless login and registration (Kratos's populateEmailSentFlow): a
 * hidden method, the code, "continue", and `resend=code` to get a new code for the same data.
 */
export function codeEntryNodes(codeLabel: KratosMessageId): UiNode[] {
  return [
    inputNode({ group: "code", name: "method", type: "hidden", value: "code" }),
    codeInputNode(codeLabel),
    submitNode("code", "method", "code", labels.continue()),
    submitNode("code", "resend", "code", labels.resendCode()),
  ];
}
