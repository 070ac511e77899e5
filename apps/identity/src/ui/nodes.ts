import { MessageId } from "@moos/contract";
import type { UiText } from "./text.ts";
import { uiText } from "./text.ts";

// Kratos ui nodes (docs/protocol.md#ui-nodes). Node messages are always an array; attributes always carry
// node_type (clients check it) and disabled.

export type NodeGroup =
  | "default"
  | "password"
  | "profile"
  | "code"
  | "link"
  | "identifier_first"
  | "oidc"
  | "totp"
  | "lookup_secret"
  | "webauthn"
  | "passkey"
  | "captcha";

export interface UiNodeInputAttributes {
  name: string;
  type: string;
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  pattern?: string;
  maxlength?: number;
  disabled: boolean;
  /** Deprecated by Kratos in favour of the triggers, still sent for older clients. */
  onclick?: string;
  onclickTrigger?: string;
  onload?: string;
  onloadTrigger?: string;
  node_type: "input";
}

export interface UiNodeAnchorAttributes {
  id: string;
  href: string;
  title: UiText;
  node_type: "a";
}

export interface UiNodeScriptAttributes {
  src: string;
  async: boolean;
  referrerpolicy: string;
  crossorigin: string;
  integrity: string;
  type: string;
  id: string;
  nonce: string;
  node_type: "script";
}

/** An image, e.g. the TOTP QR code as a data: URL. */
export interface UiNodeImageAttributes {
  id: string;
  src: string;
  width: number;
  height: number;
  node_type: "img";
}

/** A text to show, e.g. the TOTP secret or the backup codes (a uiText with context). */
export interface UiNodeTextAttributes {
  id: string;
  text: UiText;
  node_type: "text";
}

export interface UiNode {
  type: "input" | "a" | "script" | "img" | "text";
  group: NodeGroup;
  attributes:
    | UiNodeInputAttributes
    | UiNodeAnchorAttributes
    | UiNodeScriptAttributes
    | UiNodeImageAttributes
    | UiNodeTextAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface UiContainer {
  action: string;
  method: "POST" | "GET";
  nodes: UiNode[];
  messages?: UiText[];
}

interface InputOptions {
  group: NodeGroup;
  name: string;
  type: string;
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  pattern?: string;
  maxlength?: number;
  disabled?: boolean;
  onclick?: string;
  onclickTrigger?: string;
  onload?: string;
  onloadTrigger?: string;
  label?: UiText;
}

export function inputNode(options: InputOptions): UiNode {
  const { group, label, disabled, ...rest } = options;
  const attributes: UiNodeInputAttributes = {
    ...rest,
    disabled: disabled ?? false,
    node_type: "input",
  };
  for (const key of Object.keys(attributes) as (keyof UiNodeInputAttributes)[]) {
    if (attributes[key] === undefined) delete attributes[key];
  }
  return { type: "input", group, attributes, messages: [], meta: label ? { label } : {} };
}

export function csrfNode(token: string): UiNode {
  return inputNode({
    group: "default",
    name: "csrf_token",
    type: "hidden",
    value: token,
    required: true,
  });
}

export function submitNode(group: NodeGroup, name: string, value: string, label: UiText): UiNode {
  return inputNode({ group, name, type: "submit", value, label });
}

export function anchorNode(group: NodeGroup, id: string, href: string, title: UiText): UiNode {
  return {
    type: "a",
    group,
    attributes: { id, href, title, node_type: "a" },
    messages: [],
    meta: { label: title },
  };
}

export function imageNode(group: NodeGroup, id: string, src: string, label: UiText): UiNode {
  return {
    type: "img",
    group,
    attributes: { id, src, width: 256, height: 256, node_type: "img" },
    messages: [],
    meta: { label },
  };
}

export function textNode(group: NodeGroup, id: string, text: UiText, label: UiText): UiNode {
  return {
    type: "text",
    group,
    attributes: { id, text, node_type: "text" },
    messages: [],
    meta: { label },
  };
}

export function inputAttributes(node: UiNode): UiNodeInputAttributes | undefined {
  return node.attributes.node_type === "input" ? node.attributes : undefined;
}

export function findInput(ui: UiContainer, name: string): UiNode | undefined {
  return ui.nodes.find((n) => inputAttributes(n)?.name === name);
}

/** Clears every message, as Kratos does before placing the messages of a new attempt. */
export function resetMessages(ui: UiContainer): void {
  delete ui.messages;
  for (const node of ui.nodes) node.messages = [];
}

export function addFlowMessage(ui: UiContainer, message: UiText): void {
  ui.messages = [...(ui.messages ?? []), message];
}

/** Puts a message on the named field, adding a text input when the form has no such node. */
export function addFieldMessage(ui: UiContainer, field: string | undefined, message: UiText): void {
  if (!field) {
    addFlowMessage(ui, message);
    return;
  }
  let node = findInput(ui, field);
  if (!node) {
    node = inputNode({ group: "default", name: field, type: "text" });
    ui.nodes.push(node);
  }
  node.messages.push(message);
}

export function setInputValue(ui: UiContainer, name: string, value: unknown): void {
  const attributes = (() => {
    const node = findInput(ui, name);
    return node ? inputAttributes(node) : undefined;
  })();
  if (attributes) attributes.value = value;
}

export const labels = {
  password: (): UiText => uiText(MessageId.password),
  email: (): UiText => uiText(MessageId.email),
  save: (): UiText => uiText(MessageId.save),
  continue: (): UiText => uiText(MessageId.continue),
  resendCode: (): UiText => uiText(MessageId.resendCode),
};
