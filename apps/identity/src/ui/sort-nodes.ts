import type { NodeGroup, UiNode } from "./nodes.ts";

// The order Kratos gives a flow's nodes before it answers (its ui/node SortBySchema, with the
// options its registration, login and settings flows pass), reimplemented from its behaviour so
// that Ory's UIs, which render nodes in the order they arrive, show our fields where they show
// Kratos's:
// 1. by group, in the flow's group order (a group not in the list comes first);
// 2. then, within a group (and between the default and password groups, which Kratos treats
//    as one), by the first name prefix in `keys` that the node's name starts with; names
//    matching none come after those that match, and every `method` submit comes last;
// 3. ties by the node's value as Go prints it (`<nil>` for none), else as they were.
// Step 2 is an insertion sort that only swaps neighbours it can compare, as Go's stable sort
// does on the short lists flows have: a node never jumps over one of another group.

export interface NodeOrder {
  readonly groups: readonly NodeGroup[];
  /** Name prefixes in order (identity schema keys first where the flow has them). */
  readonly keys: readonly string[];
}

export function nodeId(node: UiNode): string {
  const attributes = node.attributes as { name?: string; id?: string };
  return attributes.name ?? attributes.id ?? "";
}

/** Go's `fmt.Sprintf("%v", value)` for the values nodes carry. */
function valueText(node: UiNode): string {
  const value = (node.attributes as { value?: unknown }).value;
  if (value === undefined || value === null) return "<nil>";
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function comparable(a: UiNode, b: UiNode): boolean {
  if (a.group === b.group) return true;
  const pair = new Set([a.group, b.group]);
  return pair.has("default") && pair.has("password");
}

/** Sorts `nodes` in place the way Kratos would and returns them. */
export function sortNodes(nodes: UiNode[], order: NodeOrder): UiNode[] {
  const groupIndex = (node: UiNode): number => order.groups.indexOf(node.group);
  const grouped = nodes
    .map((node, index) => ({ node, index }))
    .sort((a, b) => groupIndex(a.node) - groupIndex(b.node) || a.index - b.index)
    .map(({ node }) => node);

  const position = (node: UiNode): number => {
    const id = nodeId(node);
    if (id === "method") return grouped.length + order.keys.length + 1;
    const index = order.keys.findIndex((key) => id.startsWith(key));
    return index === -1 ? order.keys.length : index;
  };
  const less = (a: UiNode, b: UiNode): boolean => {
    if (!comparable(a, b)) return false;
    const pa = position(a);
    const pb = position(b);
    if (pa !== pb) return pa < pb;
    return valueText(a) < valueText(b);
  };
  for (let i = 1; i < grouped.length; i++) {
    for (let j = i; j > 0 && less(grouped[j]!, grouped[j - 1]!); j--) {
      [grouped[j - 1], grouped[j]] = [grouped[j]!, grouped[j - 1]!];
    }
  }
  nodes.splice(0, nodes.length, ...grouped);
  return nodes;
}

/** Kratos's PasswordLoginOrder: csrf_token, the first schema key, password, the other keys. */
function passwordLoginOrder(schemaKeys: readonly string[]): string[] {
  const [first, ...rest] = schemaKeys;
  return first === undefined
    ? ["csrf_token", "password"]
    : ["csrf_token", first, "password", ...rest];
}

/** Registration (selfservice/flow/registration/sort.go). */
export function registrationOrder(schemaKeys: readonly string[]): NodeOrder {
  return {
    groups: ["oidc", "default", "webauthn", "passkey", "code", "password", "profile"],
    keys: [
      ...passwordLoginOrder(schemaKeys),
      "webauthn_remove",
      "webauthn_register_displayname",
      "webauthn_register",
    ],
  };
}

/** Login (selfservice/flow/login/sort.go): no schema keys. */
export const loginOrder: NodeOrder = {
  groups: ["oidc", "default", "webauthn", "passkey", "code", "password", "totp", "lookup_secret"],
  keys: ["csrf_token", "identifier", "password"],
};

/** Settings (selfservice/flow/settings/sort.go). */
export function settingsOrder(schemaKeys: readonly string[]): NodeOrder {
  return {
    groups: [
      "default",
      "profile",
      "password",
      "oidc",
      "lookup_secret",
      "webauthn",
      "passkey",
      "totp",
    ],
    keys: [
      ...schemaKeys,
      "lookup_secret_reveal",
      "lookup_secret_regenerate",
      "lookup_secret_codes",
      "lookup_secret_confirm",
      "webauthn_remove",
      "webauthn_register_displayname",
      "webauthn_register",
      "passkey_remove",
      "passkey_register",
      "totp_qr",
      "totp_secret_key",
      "totp_unlink",
      "totp_code",
    ],
  };
}

/**
 * Adds a node or replaces the one with its id in place (Kratos's Nodes.Upsert): two methods
 * that both need webauthn.js share one script node, as in Kratos.
 */
export function upsertNode(nodes: UiNode[], node: UiNode): void {
  const index = nodes.findIndex((n) => nodeId(n) === nodeId(node) && n.type === node.type);
  if (index === -1) nodes.push(node);
  else nodes[index] = node;
}
