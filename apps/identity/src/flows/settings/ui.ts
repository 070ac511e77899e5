import type { Deps } from "../../http/deps.ts";
import type { Identity } from "../../identity/identity.ts";
import type { TraitField } from "../../identity/identity-schema.ts";
import { schemaOf, traitValue } from "../../strategies/profile/apply-traits.ts";
import { csrfNode, inputNode, labels, submitNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";

// Settings forms (PROTOCOL.md §4 "Settings"): the traits with their current values in the
// profile group, then a new password in the password group; each group has its own submit.

export function settingsNodes(
  deps: Deps,
  csrfToken: string,
  identity: Pick<Identity, "schema_id" | "traits">,
): UiNode[] {
  const { methods } = deps.config.selfservice;
  const schema = schemaOf(deps, identity.schema_id);
  return [
    csrfNode(csrfToken),
    ...(methods.profile.enabled
      ? [
          ...schema.fields.map((field) =>
            traitNode(field, traitValue(identity.traits, field.path)),
          ),
          submitNode("profile", "method", "profile", labels.save()),
        ]
      : []),
    ...(methods.password.enabled
      ? [
          inputNode({
            group: "password",
            name: "password",
            type: "password",
            required: true,
            autocomplete: "new-password",
            label: labels.password(),
          }),
          submitNode("password", "method", "password", labels.save()),
        ]
      : []),
  ];
}

function traitNode(field: TraitField, value: unknown): UiNode {
  return inputNode({
    group: "profile",
    name: field.name,
    type: field.type,
    ...(value === undefined || value === null ? {} : { value }),
    ...(field.required ? { required: true } : {}),
    ...(field.pattern ? { pattern: field.pattern } : {}),
    ...(field.autocomplete ? { autocomplete: field.autocomplete } : {}),
    ...(field.title ? { label: uiText(1070002, { title: field.title, name: field.name }) } : {}),
  });
}
