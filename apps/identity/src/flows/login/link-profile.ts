import { MessageId } from "@moos/contract";
import { loginChallengeOf } from "../../hooks/oauth2-login.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { hasPassword, type OidcLink, oidcLinks } from "../../identity/oidc-credentials.ts";
import { addFlowMessage, csrfNode, inputNode } from "../../ui/nodes.ts";
import { linkedProviders, oidcButtonNodes } from "../../ui/oidc-nodes.ts";
import { uiText } from "../../ui/text.ts";
import type { Flow, FlowType } from "../flow.ts";
import type { NativeAppReturn } from "../flow-state.ts";
import { createLoginFlow } from "./create-login-flow.ts";
import { identifierLabel, passwordNodes } from "./ui.ts";

// A social profile whose email another account already holds (docs/protocol.md#account-linking,
// 4000027) is never merged by email: the customer proves that account in this login flow,
// which carries the profile, and hooks/link-credentials.ts links it once they have.

/** The stored login flow that asks to prove `owner`, carrying the profile to link. */
export async function loginToLinkProfile(
  ctx: RequestCtx,
  from: Flow,
  options: {
    type: FlowType;
    owner: Identity;
    address: string;
    link: OidcLink;
    providerLabel: string;
    nativeApp: NativeAppReturn | undefined;
  },
): Promise<Flow> {
  const { deps } = ctx;
  const { owner, address: email } = options;
  const login = await createLoginFlow(ctx, {
    type: options.type,
    refresh: false,
    requestedAal: "aal1",
    returnTo: from.payload.return_to,
    exchange: false,
    loginChallenge: loginChallengeOf(from),
  });
  if (options.nativeApp) login.internal.nativeApp = options.nativeApp;
  login.internal.linkCredentials = { identityId: owner.id, link: options.link };
  const providers = linkedProviders(deps.config, oidcLinks(owner));
  login.payload.active = "oidc";
  login.payload.ui.nodes = [
    ...oidcButtonNodes(providers, "confirm"),
    csrfNode(login.csrf_token),
    inputNode({
      group: "default",
      name: "identifier",
      type: "hidden",
      value: email,
      required: true,
      label: identifierLabel(deps),
    }),
    ...(hasPassword(owner) ? passwordNodes(uiText(MessageId.signInWithPassword)) : []),
  ];
  addFlowMessage(login.payload.ui, uiText(MessageId.accountExistsSignInToLink));
  addFlowMessage(
    login.payload.ui,
    uiText(MessageId.signInToLinkProfile, {
      duplicateIdentifier: email,
      duplicate_identifier: email,
      provider: options.providerLabel,
      provider_id: options.link.provider,
      available_credential_types: [
        ...(hasPassword(owner) ? ["password"] : []),
        ...(providers.length ? ["oidc"] : []),
      ],
      available_providers: providers.map((p) => p.id),
    }),
  );
  await deps.persistence.flows.updateFlow(login);
  return login;
}
