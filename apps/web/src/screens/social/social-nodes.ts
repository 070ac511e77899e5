// Reading the social sign-in nodes of a flow (docs/protocol.md#ui-nodes, group `oidc`; the product spec: the
// group is rendered wherever the flow has it): one submit per provider, named `provider` on
// login and registration and `link` / `unlink` in settings, the provider id as value and
// the display name in the label's context; on the social register screen also the traits the
// provider did not give (visible inputs) and those it did (hidden inputs).

import type { UiNode } from "@ory/client-fetch";
import { filterNodesByGroups } from "../../flow-engine/filter-nodes";
import {
  type FormatText,
  findInput,
  inputAttributes,
  nodeLabel,
  nodeValue,
} from "../../flow-engine/nodes";

export interface SocialProvider {
  /** The submit's name: `provider`, `link` or `unlink`. */
  readonly name: string;
  /** The provider id (`google`), the submit's value. */
  readonly id: string;
  /** The provider's display name (`Google`). */
  readonly displayName: string;
  /** The button text in the screen's language (`Weiter mit Google`). */
  readonly label: string;
}

/** The oidc group's buttons, in the order the identity service sends them. */
export function socialProviders(nodes: readonly UiNode[], format: FormatText): SocialProvider[] {
  return filterNodesByGroups(nodes, {
    groups: ["oidc"],
    withoutDefaultGroup: true,
    attributes: ["submit", "button"],
  }).flatMap((node) => {
    const attributes = inputAttributes(node);
    const id = nodeValue(node);
    if (!attributes || !id) return [];
    const label = nodeLabel(node);
    return [
      {
        name: attributes.name,
        id,
        displayName: displayNameOf(label?.context, id),
        label: label ? format(label) : displayNameOf(undefined, id),
      },
    ];
  });
}

function displayNameOf(context: object | undefined, id: string): string {
  const provider = (context as { provider?: unknown } | undefined)?.provider;
  if (typeof provider === "string" && provider !== "") return provider;
  return id.charAt(0).toLocaleUpperCase("en") + id.slice(1);
}

/** The traits of the social register screen: inputs of the oidc group other than buttons. */
export function socialTraitNodes(nodes: readonly UiNode[]): UiNode[] {
  return filterNodesByGroups(nodes, {
    groups: ["oidc"],
    withoutDefaultGroup: true,
    excludeAttributes: ["submit", "button"],
  }).filter((node) => inputAttributes(node)?.name.startsWith("traits.") ?? false);
}

/**
 * A registration flow that came back from the provider with traits to complete (Kratos's
 * social registration: `active: "oidc"` and the traits in the oidc group).
 */
export function isSocialRegister(flow: {
  readonly active?: string;
  readonly ui: { readonly nodes: readonly UiNode[] };
}): boolean {
  return flow.active === "oidc" && socialTraitNodes(flow.ui.nodes).length > 0;
}

/**
 * A login step for a known account that has no password to ask for, only its providers: the
 * identifier-first greeting of a social-only account, its re-authentication, or the proof
 * asked after 4000027 when the account signs in socially.
 */
export function isSocialOnlyStep(nodes: readonly UiNode[]): boolean {
  return (
    Boolean(nodeValue(findInput(nodes, "identifier"))) &&
    findInput(nodes, "password") === undefined &&
    socialProviders(nodes, (text) => text.text).length > 0
  );
}
