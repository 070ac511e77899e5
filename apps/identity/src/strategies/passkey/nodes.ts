import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { Identity } from "../../identity/identity.ts";
import { inputAttributes, inputNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { beginAuthentication } from "../webauthn/ceremony.ts";
import { webAuthnConfig } from "../webauthn/credentials.ts";
import { beginKeyRegistration, removeKeyNodes, triggerNode } from "../webauthn/nodes.ts";
import { webauthnScriptNode } from "../webauthn/script.ts";

// Passkey nodes (group passkey) as Kratos's passkey strategy builds them. Sign-in offers any
// passkey of the RP id (a discoverable credential names its account by its user handle), by
// button and by the browser's autofill on the identifier field ("username webauthn").

export async function passkeyLoginNodes(deps: Deps, flow: Flow): Promise<UiNode[]> {
  const options = await beginAuthentication(deps, flow, "passkey");
  return [
    inputNode({
      group: "passkey",
      name: "passkey_challenge",
      type: "hidden",
      value: JSON.stringify(options),
    }),
    webauthnScriptNode(deps),
    inputNode({
      group: "passkey",
      name: "passkey_login",
      type: "hidden",
      onload: "window.oryPasskeyLoginAutocompleteInit()",
      onloadTrigger: "oryPasskeyLoginAutocompleteInit",
    }),
    triggerNode("passkey", "passkey_login_trigger", "oryPasskeyLogin", {
      label: uiText(MessageId.signInWithPasskey),
    }),
  ];
}

/** Lets the browser offer passkeys in the identifier field's autofill (conditional UI). */
export function offerPasskeyAutofill(nodes: UiNode[]): void {
  for (const node of nodes) {
    const attributes = inputAttributes(node);
    if (attributes?.name === "identifier" && attributes.type !== "hidden")
      attributes.autocomplete = "username webauthn";
  }
}

/**
 * Settings: a remove button per passkey (disabled when it is the last way to sign in), the
 * add button and the creation options for the browser.
 */
export async function passkeySettingsNodes(
  deps: Deps,
  flow: Flow,
  identity: Pick<Identity, "credentials" | "traits">,
  options: { canRemove: boolean },
): Promise<UiNode[]> {
  const { keys, creation } = await beginKeyRegistration(deps, flow, "passkey", {
    identity,
    // One user handle per account, so every passkey of it signs in to the same identity.
    handle: webAuthnConfig(identity, "passkey")?.user_handle ?? newUserHandle(),
  });
  return [
    ...removeKeyNodes("passkey", keys, {
      label: MessageId.removePasskey,
      disabled: !options.canRemove,
    }),
    webauthnScriptNode(deps),
    triggerNode("passkey", "passkey_register_trigger", "oryPasskeySettingsRegistration", {
      label: uiText(MessageId.addPasskey),
    }),
    inputNode({ group: "passkey", name: "passkey_settings_register", type: "hidden" }),
    inputNode({
      group: "passkey",
      name: "passkey_create_data",
      type: "hidden",
      value: JSON.stringify(creation),
    }),
  ];
}

/** A random 64-byte user handle, no personal data in it (WebAuthn §14.6.1). */
export function newUserHandle(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(64))).toString("base64url");
}
