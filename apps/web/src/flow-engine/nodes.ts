// Reading ui nodes (docs/protocol.md#ui-nodes): find an input by name, its value, its first message, and
// the hidden fields a form must send back (csrf_token and other hidden default-group inputs).

import type { UiNode, UiNodeInputAttributes, UiText } from "@ory/client-fetch";
import { filterNodesByGroups } from "./filter-nodes";
import type { FieldSpec, HiddenField } from "./form/field-spec";

export function inputAttributes(node: UiNode): UiNodeInputAttributes | undefined {
  const attributes = node.attributes as { node_type?: unknown };
  return attributes.node_type === "input" ? (node.attributes as UiNodeInputAttributes) : undefined;
}

export function findInput(nodes: readonly UiNode[], name: string): UiNode | undefined {
  return nodes.find((node) => inputAttributes(node)?.name === name);
}

/** The node's value as a string (Kratos sends strings, numbers and booleans). */
export function nodeValue(node: UiNode | undefined): string | undefined {
  const value: unknown = node ? inputAttributes(node)?.value : undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** The first message of a field node becomes that field's error (SPEC.md §5). */
export function firstMessage(node: UiNode | undefined): UiText | undefined {
  return node?.messages[0];
}

export function nodeLabel(node: UiNode): UiText | undefined {
  return inputAttributes(node)?.label ?? node.meta.label;
}

export function hasMessage(messages: readonly UiText[] | undefined, id: number): boolean {
  return messages?.some((message) => message.id === id) ?? false;
}

/** Hidden inputs of the default group (csrf_token): sent back with every form. */
export function hiddenFields(nodes: readonly UiNode[]): HiddenField[] {
  return filterNodesByGroups(nodes, { groups: ["default"], attributes: ["hidden"] }).flatMap(
    (node) => {
      const attributes = inputAttributes(node);
      if (attributes?.type !== "hidden") return [];
      return [{ name: attributes.name, value: nodeValue(node) ?? "" }];
    },
  );
}

const FIELD_TYPES: ReadonlySet<string> = new Set([
  "text",
  "email",
  "password",
  "number",
  "tel",
  "url",
  "date",
  "datetime-local",
]);

export type FormatText = (text: UiText) => string;

/**
 * A form field from an input node: our label and rule where the screen gives them, the node's
 * own label (formatted by message id) otherwise; the node's value; its first message as error.
 */
export function nodeField(
  node: UiNode,
  format: FormatText,
  overrides: Partial<FieldSpec> = {},
): FieldSpec {
  const attributes = inputAttributes(node);
  const type = attributes && FIELD_TYPES.has(attributes.type) ? attributes.type : "text";
  const label = nodeLabel(node);
  const message = firstMessage(node);
  const value = type === "password" ? undefined : nodeValue(node);
  return {
    name: attributes?.name ?? "",
    label: label ? format(label) : (attributes?.name ?? ""),
    type: type as FieldSpec["type"],
    ...(attributes?.autocomplete ? { autoComplete: attributes.autocomplete } : {}),
    ...(value ? { defaultValue: value } : {}),
    ...(message ? { serverError: format(message) } : {}),
    ...(attributes?.required ? { required: true } : {}),
    ...(attributes?.maxlength ? { maxLength: attributes.maxlength } : {}),
    ...overrides,
  };
}

/** The field `spec` describes, with what the flow's node of the same name adds (value, error). */
export function fieldFromNodes(
  nodes: readonly UiNode[],
  format: FormatText,
  spec: FieldSpec,
): FieldSpec {
  const node = findInput(nodes, spec.name);
  return node ? nodeField(node, format, spec) : spec;
}
