// Passkeys and security keys in a flow's nodes (docs/protocol.md#other-endpoints, #ui-nodes): the identity
// service's /.well-known/ory/webauthn.js does the browser's part (navigator.credentials) and
// names in each node which of its functions to call (`onclickTrigger` / `onloadTrigger`).
// These helpers read what a screen needs from the nodes; webauthn-form.tsx runs it.

import type { UiNode, UiNodeInputAttributes, UiNodeScriptAttributes } from "@ory/client-fetch";
import { toOwnOrigin } from "../../lib/identity-url";
import { filterNodesByGroups } from "../filter-nodes";
import { type FormatText, findInput, inputAttributes, nodeLabel, nodeValue } from "../nodes";

/** Where webauthn.js is loaded from (through this app's proxy, so cookies stay first-party). */
export const WEBAUTHN_SCRIPT_PATH = "/.well-known/ory/webauthn.js";

export interface WebAuthnScript {
  readonly src: string;
  readonly integrity?: string;
  readonly crossOrigin?: string;
}

export interface WebAuthnTrigger {
  /** The button's name (`passkey_login_trigger`, `webauthn_register_trigger`, ...). */
  readonly name: string;
  /** Its value: WebAuthn options as JSON for the webauthn group, empty for passkeys. */
  readonly value: string;
  /** The webauthn.js function to call (`oryPasskeyLogin`, ...). */
  readonly trigger: string;
  readonly label: string;
}

/**
 * The webauthn.js script node (group webauthn, SPEC.md §5 lets script nodes of that group
 * through), on this origin. Undefined when the flow offers no passkeys or security keys.
 */
export function webAuthnScript(
  nodes: readonly UiNode[],
  identityBaseUrl: string,
): WebAuthnScript | undefined {
  const script = filterNodesByGroups(nodes, {
    groups: ["webauthn", "passkey"],
    withoutDefaultGroup: true,
    attributes: ["script"],
  }).find((node) => (node.attributes as { node_type?: unknown }).node_type === "script");
  if (!script) return undefined;
  const attributes = script.attributes as UiNodeScriptAttributes;
  const src = attributes.src ? toOwnOrigin(attributes.src, identityBaseUrl) : WEBAUTHN_SCRIPT_PATH;
  return {
    // Only a path on this origin (or the identity service's own URL when it is not proxied).
    src: src || WEBAUTHN_SCRIPT_PATH,
    ...(attributes.integrity ? { integrity: attributes.integrity } : {}),
    ...(attributes.crossorigin ? { crossOrigin: attributes.crossorigin } : {}),
  };
}

/** The button node `name` with the webauthn.js function it triggers. */
export function webAuthnTrigger(
  nodes: readonly UiNode[],
  name: string,
  format: FormatText,
): WebAuthnTrigger | undefined {
  const node = findInput(nodes, name);
  const attributes = node ? inputAttributes(node) : undefined;
  if (!node || !attributes) return undefined;
  const trigger = triggerName(attributes);
  if (!trigger) return undefined;
  const label = nodeLabel(node);
  return { name, value: nodeValue(node) ?? "", trigger, label: label ? format(label) : name };
}

/** `onclickTrigger`, or the function named in the deprecated `onclick` of older Kratos. */
function triggerName(attributes: UiNodeInputAttributes): string | undefined {
  if (attributes.onclickTrigger) return attributes.onclickTrigger;
  const match = /(?:window\.)?_*(ory\w+)\(/.exec(attributes.onclick ?? "");
  return match?.[1];
}

/** A passkey can fill the email field: the identity service asks for the browser's autofill. */
export function offersPasskeyAutofill(nodes: readonly UiNode[]): boolean {
  const login = findInput(nodes, "passkey_login");
  const attributes = login ? inputAttributes(login) : undefined;
  return attributes?.onloadTrigger === "oryPasskeyLoginAutocompleteInit";
}

/** A credential's remove button (`webauthn_remove`, `passkey_remove`): its id and label. */
export interface RemovableKey {
  readonly name: string;
  readonly id: string;
  readonly label: string;
  /** The name the customer gave it. */
  readonly displayName: string;
}

/**
 * The identity service names a key the customer gave no name, and whose model it does not know,
 * "unnamed" (as Kratos does for a passkey made at sign-up): shown in the customer's language.
 */
const UNNAMED = new Set(["", "unnamed"]);

export function removableKeys(
  nodes: readonly UiNode[],
  name: "webauthn_remove" | "passkey_remove",
  format: FormatText,
  unnamed: string,
): RemovableKey[] {
  return nodes.flatMap((node) => {
    const attributes = inputAttributes(node);
    if (attributes?.name !== name) return [];
    const label = nodeLabel(node);
    const context = (label?.context ?? {}) as { display_name?: unknown };
    const given = typeof context.display_name === "string" ? context.display_name : "";
    const displayName = UNNAMED.has(given.trim()) ? unnamed : given;
    return [
      {
        name,
        id: nodeValue(node) ?? "",
        label: label
          ? format({ ...label, context: { ...context, display_name: displayName } })
          : name,
        displayName,
      },
    ];
  });
}
