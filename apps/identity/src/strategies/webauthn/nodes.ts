import type { KratosMessageId } from "@moos/contract";
import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { Identity } from "../../identity/identity.ts";
import { inputNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { authenticatorName } from "./authenticator-names.ts";
import { beginAuthentication, beginRegistration, type CreationOptions } from "./ceremony.ts";
import {
  removeValue,
  type StoredWebAuthnKey,
  webAuthnConfig,
  webAuthnKeys,
} from "./credentials.ts";
import type { WebAuthnKind } from "./relying-party.ts";
import { webauthnScriptNode } from "./script.ts";

// Security-key nodes (group webauthn) as Kratos builds them (x/webauthnx/nodes.go): the
// trigger buttons carry the ceremony options as their value and name the script function to
// call in `onclickTrigger` (plus the deprecated `onclick`); the hidden field receives the
// browser's answer. Building them starts a ceremony, whose challenge goes into the flow.

/** A trigger button: the options as value, the script function to call with them. */
export function triggerNode(
  group: "webauthn" | "passkey",
  name: string,
  trigger: string,
  options: { value?: string; label: ReturnType<typeof uiText>; onclickArgument?: string },
): UiNode {
  return inputNode({
    group,
    name,
    type: "button",
    value: options.value ?? "",
    onclick: `window.${trigger}(${options.onclickArgument ?? ""})`,
    onclickTrigger: trigger,
    label: options.label,
  });
}

export function addedAtContext(key: StoredWebAuthnKey): Record<string, unknown> {
  const addedAt = new Date(key.added_at);
  return {
    added_at: addedAt.toISOString().replace(".000Z", "Z"),
    added_at_unix: Math.floor(addedAt.getTime() / 1000),
    display_name: key.display_name || authenticatorName(key.aaguid) || "unnamed",
  };
}

/**
 * Settings: the account's keys of this kind and the options to register one more (the keys it
 * has are excluded, so an authenticator is not registered twice).
 */
export async function beginKeyRegistration(
  deps: Deps,
  flow: Flow,
  kind: WebAuthnKind,
  user: { identity: Pick<Identity, "credentials" | "traits">; handle: string },
): Promise<{ keys: StoredWebAuthnKey[]; creation: CreationOptions }> {
  const keys = webAuthnKeys(user.identity, kind);
  const creation = await beginRegistration(deps, flow, kind, {
    handle: user.handle,
    name: accountName(user.identity),
    displayName: accountDisplayName(user.identity),
    exclude: keys,
  });
  return { keys, creation };
}

/** Settings: a remove button per key, labelled with the day it was added. */
export function removeKeyNodes(
  kind: WebAuthnKind,
  keys: StoredWebAuthnKey[],
  options: { label: KratosMessageId; disabled?: boolean },
): UiNode[] {
  return keys.map((key) =>
    inputNode({
      group: kind,
      name: `${kind}_remove`,
      type: "submit",
      value: removeValue(key),
      ...(options.disabled === undefined ? {} : { disabled: options.disabled }),
      label: uiText(options.label, addedAtContext(key)),
    }),
  );
}

/** Settings: a remove button per key, then a name field and the add button. */
export async function webauthnSettingsNodes(
  deps: Deps,
  flow: Flow,
  identity: Pick<Identity, "id" | "credentials" | "traits">,
): Promise<UiNode[]> {
  const { keys, creation } = await beginKeyRegistration(deps, flow, "webauthn", {
    identity,
    // Kratos's user handle for security keys: the identity id's 16 bytes.
    handle: Buffer.from(identity.id.replace(/-/g, ""), "hex").toString("base64url"),
  });
  const options = JSON.stringify(creation);
  return [
    ...removeKeyNodes("webauthn", keys, { label: MessageId.removeSecurityKey }),
    inputNode({
      group: "webauthn",
      name: "webauthn_register_displayname",
      type: "text",
      value: "",
      label: uiText(MessageId.securityKeyName),
    }),
    triggerNode("webauthn", "webauthn_register_trigger", "oryWebAuthnRegistration", {
      value: options,
      onclickArgument: options,
      label: uiText(MessageId.addSecurityKey),
    }),
    inputNode({ group: "webauthn", name: "webauthn_register", type: "hidden", value: "" }),
    webauthnScriptNode(deps),
  ];
}

/** The second-factor step: one button asking for any of the account's security keys. */
export async function webauthnLoginNodes(
  deps: Deps,
  flow: Flow,
  identity: Pick<Identity, "credentials">,
): Promise<UiNode[]> {
  const keys = webAuthnConfig(identity, "webauthn")?.credentials ?? [];
  if (keys.length === 0) return [];
  const options = JSON.stringify(await beginAuthentication(deps, flow, "webauthn", keys));
  return [
    webauthnScriptNode(deps),
    triggerNode("webauthn", "webauthn_login_trigger", "oryWebAuthnLogin", {
      value: options,
      onclickArgument: options,
      label: uiText(MessageId.signInWithSecurityKey),
    }),
    inputNode({ group: "webauthn", name: "webauthn_login", type: "hidden", value: "" }),
  ];
}

/** The name an authenticator shows for the account: its email, as Kratos's identifier. */
export function accountName(identity: Pick<Identity, "traits">): string {
  const email = identity.traits.email;
  return typeof email === "string" && email ? email : "Moos";
}

/**
 * The name an authenticator shows beside that: the customer's name, else the email. The web
 * app sends both again after a change (WebAuthn signalCurrentUserDetails).
 */
export function accountDisplayName(identity: Pick<Identity, "traits">): string {
  const name = identity.traits.name as { first?: unknown; last?: unknown } | undefined;
  const parts = [name?.first, name?.last].filter(
    (part): part is string => typeof part === "string" && part.trim() !== "",
  );
  return parts.length > 0 ? parts.join(" ") : accountName(identity);
}
