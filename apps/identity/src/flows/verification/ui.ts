import { anchorNode, csrfNode, labels, type UiNode } from "../../ui/nodes.ts";

/** A passed flow: the way on to where the customer came from. */
export function passedNodes(csrfToken: string, returnUrl: string): UiNode[] {
  return [csrfNode(csrfToken), anchorNode("code", "continue", returnUrl, labels.continue())];
}
