import { MessageId } from "@moos/contract";
import type { IdentitySchema } from "../identity/identity-schema.ts";
import { traitValue } from "../identity/traits.ts";
import { inputNode, labels, type NodeGroup, type UiNode } from "./nodes.ts";
import { uiText } from "./text.ts";

/** One input per trait of the schema, filled from the traits (registration and settings). */
export function traitNodes(
  schema: IdentitySchema,
  traits: Record<string, unknown>,
  options: { group: NodeGroup; hidden?: boolean },
): UiNode[] {
  return schema.fields.map((field) =>
    inputNode({
      group: options.group,
      name: field.name,
      type: options.hidden ? "hidden" : field.type,
      // Kratos sends no value for a trait not set yet (docs/protocol.md#ui-nodes: omitted only if null).
      value: traitValue(traits, field.path),
      required: field.required || undefined,
      autocomplete: field.autocomplete,
      pattern: field.pattern,
      label: field.title
        ? uiText(MessageId.traitTitle, { title: field.title, name: field.name })
        : undefined,
    }),
  );
}

export function newPasswordNode(): UiNode {
  return inputNode({
    group: "password",
    name: "password",
    type: "password",
    required: true,
    autocomplete: "new-password",
    label: labels.password(),
  });
}

/**
 * Puts submitted trait values into the form's trait inputs, keeping their types (a hidden
 * trait stays hidden), as Kratos does before it answers a failed registration submit.
 */
export function fillTraitValues(
  nodes: readonly UiNode[],
  schema: IdentitySchema,
  traits: Record<string, unknown>,
): void {
  for (const field of schema.fields) {
    const value = traitValue(traits, field.path);
    if (value === undefined) continue;
    const node = nodes.find(
      (n) => n.attributes.node_type === "input" && n.attributes.name === field.name,
    );
    if (node?.attributes.node_type === "input") node.attributes.value = value;
  }
}
