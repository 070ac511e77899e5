// Passwordless sign-in with a code in a login flow's nodes (docs/protocol.md#login-form, group code).

import type { UiNode } from "@ory/client-fetch";
import { findInput, inputAttributes } from "../../flow-engine/nodes";

/** The flow waits for a code from the email: a `code` input of the code group. */
export function isCodeStep(nodes: readonly UiNode[]): boolean {
  const code = findInput(nodes, "code");
  return code?.group === "code";
}

/** The flow offers passwordless sign-in: a `method=code` submit of the code group. */
export function offersLoginCode(nodes: readonly UiNode[]): boolean {
  return nodes.some((node) => {
    const attributes = inputAttributes(node);
    return (
      node.group === "code" &&
      attributes?.name === "method" &&
      attributes.value === "code" &&
      attributes.type === "submit"
    );
  });
}
