import { codeStepNodes, emailStepNodes } from "../../strategies/code/code-nodes.ts";
import type { UiNode } from "../../ui/nodes.ts";

export const recoveryEmailNodes = emailStepNodes;

export function recoveryCodeNodes(csrfToken: string, address: string): UiNode[] {
  return codeStepNodes(csrfToken, address, { codeLabel: 1070010, methodFirst: false });
}
