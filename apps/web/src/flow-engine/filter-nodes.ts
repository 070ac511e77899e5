// Form-node filtering by group (SPEC.md §5), after @ory/integrations' filterNodesByGroups:
// - the default group is always included unless `withoutDefaultGroup` is set;
// - nodes of the default group also pass an attribute filter when they are hidden (csrf_token);
// - nodes of the webauthn and totp groups also pass it as inputs and scripts.
// A node's attribute type is its input type (`text`, `hidden`, `submit`, ...) or, for every
// node, its node type (`input`, `script`, `a`, ...), so "input" and "script" match as the spec
// means them.

import type { UiNode } from "@ory/client-fetch";

export interface FilterNodesOptions {
  /** Groups to keep; a comma-separated string is accepted too. Omitted: every group. */
  readonly groups?: readonly string[] | string;
  readonly withoutDefaultGroup?: boolean;
  /** Attribute types to keep (see above). Omitted: every type. */
  readonly attributes?: readonly string[] | string;
  /** Attribute types to drop. */
  readonly excludeAttributes?: readonly string[] | string;
}

function list(value: readonly string[] | string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return typeof value === "string" ? value.split(",").map((entry) => entry.trim()) : [...value];
}

function attributeTypes(node: UiNode): string[] {
  const attributes = node.attributes as { type?: unknown; node_type?: unknown };
  const types: string[] = [];
  if (typeof attributes.type === "string") types.push(attributes.type);
  if (typeof attributes.node_type === "string") types.push(attributes.node_type);
  return types;
}

export function filterNodesByGroups(
  nodes: readonly UiNode[],
  options: FilterNodesOptions = {},
): UiNode[] {
  const groups = list(options.groups);
  const attributes = list(options.attributes);
  const excluded = list(options.excludeAttributes);
  if (!groups && !attributes && !excluded) return [...nodes];

  const keptGroups = groups ? [...groups] : [];
  if (!options.withoutDefaultGroup) keptGroups.push("default");

  return nodes.filter((node) => {
    if (groups && !keptGroups.includes(node.group)) return false;
    const types = attributeTypes(node);
    if (attributes) {
      const allowed = [...attributes];
      if (node.group === "default") allowed.push("hidden");
      if (node.group === "webauthn" || node.group === "totp") allowed.push("input", "script");
      if (!types.some((type) => allowed.includes(type))) return false;
    }
    if (excluded && types.some((type) => excluded.includes(type))) return false;
    return true;
  });
}
