import type { Deps } from "../../http/deps.ts";
import { csrfNode, submitNode, type UiNode } from "../../ui/nodes.ts";
import { enabledOidcProviders, oidcButtonNodes } from "../../ui/oidc-nodes.ts";
import { uiText } from "../../ui/text.ts";
import { newPasswordNode, traitNodes } from "../../ui/trait-nodes.ts";
import { enabledRegistrationMethod } from "./strategy.ts";

/** Step one of profile_first, or the one unified form. */
export function registrationNodes(
  deps: Deps,
  csrfToken: string,
  traits: Record<string, unknown> = {},
): UiNode[] {
  const social = oidcButtonNodes(enabledOidcProviders(deps.config), "registration");
  if (deps.config.selfservice.flows.registration.style === "unified") {
    return [
      ...social,
      csrfNode(csrfToken),
      ...traitNodes(deps.defaultSchema, traits, { group: "default", hidden: false }),
      newPasswordNode(),
      submitNode("password", "method", "password", uiText(1040001)),
      ...codeNodes(deps),
    ];
  }
  return [
    ...social,
    csrfNode(csrfToken),
    ...traitNodes(deps.defaultSchema, traits, { group: "default", hidden: false }),
    submitNode("profile", "method", "profile", uiText(1040001)),
  ];
}

/** Step two of profile_first: traits kept hidden, a way back, and the password. */
export function credentialSelectionNodes(
  deps: Deps,
  csrfToken: string,
  traits: Record<string, unknown>,
): UiNode[] {
  return [
    csrfNode(csrfToken),
    ...traitNodes(deps.defaultSchema, traits, { group: "default", hidden: true }),
    submitNode("profile", "screen", "previous", uiText(1040008)),
    newPasswordNode(),
    submitNode("password", "method", "password", uiText(1040001)),
    ...codeNodes(deps),
  ];
}

/**
 * "Send sign up code" (1040006) when the email code method signs up (Kratos adds it last).
 * Its strategy answers the submit; the button belongs to the form, which the flow builds.
 */
function codeNodes(deps: Deps): UiNode[] {
  return enabledRegistrationMethod(deps, "code")
    ? [submitNode("code", "method", "code", uiText(1040006))]
    : [];
}

/**
 * The social register screen: what the provider gave, with its missing or invalid traits as
 * visible inputs (their messages say what is wrong) and the valid ones hidden, then the
 * provider's submit to finish. Kratos renders these traits in the oidc group.
 */
export function oidcTraitsNodes(
  deps: Deps,
  csrfToken: string,
  options: {
    traits: Record<string, unknown>;
    /** Trait node names to ask for (missing or invalid); the rest stay hidden. */
    ask: ReadonlySet<string>;
    provider: { id: string; label: string };
  },
): UiNode[] {
  const nodes = traitNodes(deps.defaultSchema, options.traits, { group: "oidc" });
  for (const node of nodes) {
    if (node.attributes.node_type === "input" && !options.ask.has(node.attributes.name))
      node.attributes.type = "hidden";
  }
  return [csrfNode(csrfToken), ...nodes, ...oidcButtonNodes([options.provider], "registration")];
}
