import { MessageId } from "@moos/contract";
import type { OidcProviderConfig } from "../../config/config.ts";
import type { Deps } from "../../deps/deps.ts";
import type { Identity } from "../../identity/identity.ts";
import { hasPassword, oidcLinks } from "../../identity/oidc-credentials.ts";
import {
  csrfNode,
  inputAttributes,
  inputNode,
  labels,
  submitNode,
  type UiNode,
} from "../../ui/nodes.ts";
import { enabledOidcProviders, linkedProviders, oidcButtonNodes } from "../../ui/oidc-nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import { enabledLoginMethod } from "./strategy.ts";

// Login forms (docs/protocol.md#login-form). Identifier-first asks for the email alone, then shows the
// password step for every address alike, so the form never reveals whether one is registered;
// the one exception, allowed by design, is an account that can only sign in with a social
// provider: it is offered its providers instead of a password field. Social sign-in buttons
// (group oidc) come first, as Kratos orders them.

export function identifierLabel(deps: Deps): UiText {
  const field = deps.defaultSchema.passwordIdentifierFields[0];
  return field?.title
    ? uiText(MessageId.traitTitle, { title: field.title, name: field.name })
    : uiText(MessageId.identifier);
}

export function loginNodes(
  deps: Deps,
  csrfToken: string,
  options: { refresh?: { identifier: string; identity: Identity } },
): UiNode[] {
  const { refresh } = options;
  if (refresh) return refreshNodes(deps, csrfToken, refresh);
  const social = oidcButtonNodes(enabledOidcProviders(deps.config), "login");
  if (deps.config.selfservice.flows.login.style === "identifier_first") {
    return [
      ...social,
      csrfNode(csrfToken),
      inputNode({
        group: "identifier_first",
        name: "identifier",
        type: "text",
        value: "",
        required: true,
        // Kratos's identifier_first always offers the browser's passkey autofill here.
        autocomplete: "username webauthn",
        label: identifierLabel(deps),
      }),
      submitNode("identifier_first", "method", "identifier_first", labels.continue()),
    ];
  }
  return [
    ...social,
    csrfNode(csrfToken),
    inputNode({
      group: "default",
      name: "identifier",
      type: "text",
      value: "",
      required: true,
      autocomplete: "username",
      label: identifierLabel(deps),
    }),
    ...passwordNodes(uiText(MessageId.signInWithPassword)),
    ...codeNodes(deps),
  ];
}

/**
 * "Send sign in code" (1010015) when the email code method signs in (Kratos adds it last).
 * Its strategy answers the submit; the button belongs to the form, which the flow builds.
 */
function codeNodes(deps: Deps): UiNode[] {
  return enabledLoginMethod(deps, "code")
    ? [submitNode("code", "method", "code", uiText(MessageId.sendLoginCode))]
    : [];
}

/** Re-authentication of the signed-in account: its password and its linked providers. */
function refreshNodes(
  deps: Deps,
  csrfToken: string,
  refresh: { identifier: string; identity: Identity },
): UiNode[] {
  return [
    ...oidcButtonNodes(linkedProviders(deps.config, oidcLinks(refresh.identity)), "confirm"),
    csrfNode(csrfToken),
    inputNode({
      group: "default",
      name: "identifier",
      type: "hidden",
      value: refresh.identifier,
      required: true,
      autocomplete: "username",
      label: identifierLabel(deps),
    }),
    ...(hasPassword(refresh.identity) ? passwordNodes(uiText(MessageId.signIn)) : []),
    ...codeNodes(deps),
  ];
}

export function passwordNodes(submitLabel: UiText): UiNode[] {
  return [
    inputNode({
      group: "password",
      name: "password",
      type: "password",
      required: true,
      autocomplete: "current-password",
      label: labels.password(),
    }),
    submitNode("password", "method", "password", submitLabel),
  ];
}

/**
 * The second step of identifier-first (Kratos's idfirst strategy): the first step's nodes stay
 * (social buttons, the passkey autofill and button) without its "Continue", the identifier is
 * kept as a hidden field, and the methods follow: the password, or for an account that can
 * only sign in socially its providers alone, then "Send sign in code". Kratos does not sort
 * this step's nodes.
 */
export function identifierStepNodes(
  deps: Deps,
  current: readonly UiNode[],
  options: { identifier: string; socialOnly?: readonly OidcProviderConfig[] },
): UiNode[] {
  const { socialOnly } = options;
  const nodes = current.flatMap((node): UiNode[] => {
    const attributes = inputAttributes(node);
    if (node.group === "identifier_first" && attributes?.name === "method") return [];
    // The methods are added below, once, also when the identifier is sent a second time.
    if (node.group === "password" || (node.group === "code" && attributes?.name === "method"))
      return [];
    if (attributes?.name === "identifier") {
      return [
        {
          ...node,
          messages: [],
          attributes: { ...attributes, type: "hidden", value: options.identifier },
        },
      ];
    }
    // A social-only account is offered the providers it has, not every one.
    if (socialOnly && node.group === "oidc") return [];
    return [node];
  });
  if (socialOnly) nodes.unshift(...oidcButtonNodes(socialOnly, "login"));
  else nodes.push(...passwordNodes(uiText(MessageId.signInWithPassword)));
  nodes.push(...codeNodes(deps));
  return nodes;
}
