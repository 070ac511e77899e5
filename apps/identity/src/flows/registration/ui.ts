import { MessageId } from "@moos/contract";
import type { Deps } from "../../deps/deps.ts";
import type { RequestCtx } from "../../http/context.ts";
import { csrfNode, submitNode, type UiNode } from "../../ui/nodes.ts";
import { enabledOidcProviders, oidcButtonNodes } from "../../ui/oidc-nodes.ts";
import { registrationOrder, sortNodes } from "../../ui/sort-nodes.ts";
import { uiText } from "../../ui/text.ts";
import { newPasswordNode, traitNodes } from "../../ui/trait-nodes.ts";
import type { Flow } from "../flow.ts";
import { enabledRegistrationMethod } from "./strategy.ts";

// Registration forms as Kratos's form hydrators build them (docs/protocol.md#registration-form):
// - `profile`: step one of profile_first, the traits and "Sign up" (`method=profile`);
// - `credentials`: its step two, the credential choice: the traits kept hidden, a way back
//   (`screen=previous`), the password, "Send sign up code" and each strategy's own nodes
//   (passkey sign-up);
// - `unified`: the one form of the unified style, traits and every method at once.
// Social sign-up buttons stay on every step, as Kratos keeps them. The result is sorted as
// Kratos sorts registration nodes (ui/sort-nodes.ts).

export type RegistrationStep = "profile" | "credentials" | "unified";

/** The form a new flow shows, and the one a failed email-code step goes back to. */
export function firstStep(deps: Deps): RegistrationStep {
  return deps.config.selfservice.flows.registration.style === "unified" ? "unified" : "profile";
}

export function sortRegistrationNodes(deps: Deps, nodes: UiNode[]): UiNode[] {
  return sortNodes(nodes, registrationOrder(deps.defaultSchema.fields.map((f) => f.name)));
}

export async function registrationForm(
  ctx: RequestCtx,
  flow: Flow,
  step: RegistrationStep,
  traits: Record<string, unknown> = {},
): Promise<UiNode[]> {
  const { deps } = ctx;
  const nodes: UiNode[] = [
    ...oidcButtonNodes(enabledOidcProviders(deps.config), "registration"),
    csrfNode(flow.csrf_token),
    ...traitNodes(deps.defaultSchema, traits, { group: "default", hidden: step === "credentials" }),
  ];
  if (step === "profile") {
    nodes.push(submitNode("profile", "method", "profile", uiText(MessageId.signUp)));
    return sortRegistrationNodes(deps, nodes);
  }
  if (step === "credentials") {
    nodes.push(submitNode("profile", "screen", "previous", uiText(MessageId.backToSignUpStep)));
  }
  nodes.push(
    newPasswordNode(),
    submitNode("password", "method", "password", uiText(MessageId.signUp)),
  );
  nodes.push(...codeNodes(deps));
  for (const strategy of deps.strategies.registration) {
    if (strategy.isEnabled(deps) && strategy.formNodes)
      nodes.push(...(await strategy.formNodes(ctx, flow, traits)));
  }
  return sortRegistrationNodes(deps, nodes);
}

/**
 * "Send sign up code" (1040006) when the email code method signs up.
 * Its strategy answers the submit; the button belongs to the form, which the flow builds.
 */
function codeNodes(deps: Deps): UiNode[] {
  return enabledRegistrationMethod(deps, "code")
    ? [submitNode("code", "method", "code", uiText(MessageId.sendRegistrationCode))]
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
