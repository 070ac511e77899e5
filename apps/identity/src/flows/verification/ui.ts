import { codeStepNodes, emailStepNodes } from "../../strategies/code/code-nodes.ts";
import { anchorNode, csrfNode, labels, type UiNode } from "../../ui/nodes.ts";

export const chooseMethodNodes = emailStepNodes;

export function sentEmailNodes(csrfToken: string, address: string): UiNode[] {
  return codeStepNodes(csrfToken, address, { codeLabel: 1070011, methodFirst: true });
}

export function passedNodes(csrfToken: string, returnUrl: string): UiNode[] {
  return [csrfNode(csrfToken), anchorNode("code", "continue", returnUrl, labels.continue())];
}
