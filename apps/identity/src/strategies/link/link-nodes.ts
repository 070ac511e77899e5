import { MessageId } from "@moos/contract";
import { csrfNode, submitNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { emailInputNode } from "../code/code-nodes.ts";

/**
 * The link method's form for recovery and verification (Kratos's link strategy): the email and
 * "Submit" (1070005), both in the `link` group. After sending, the same form stays, filled in,
 * so the customer can ask for another email.
 */
export function linkEmailNodes(csrfToken: string, email = ""): UiNode[] {
  return [
    csrfNode(csrfToken),
    emailInputNode("link", email),
    submitNode("link", "method", "link", uiText(MessageId.submit)),
  ];
}
