import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { PendingLink } from "../../flows/flow-state.ts";
import { createLoginFlow } from "../../flows/login/login-flow.ts";
import { identifierLabel, passwordNodes } from "../../flows/login/ui.ts";
import { loginChallengeOf } from "../../hooks/oauth2-login.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { hasPassword, oidcLinks } from "../../identity/oidc-credentials.ts";
import { addFlowMessage, csrfNode, inputNode, type UiNode } from "../../ui/nodes.ts";
import { linkedProviders, oidcButtonNodes } from "../../ui/oidc-nodes.ts";
import { uiText } from "../../ui/text.ts";
import { continueInFlow, nativeAppOf, type Via } from "./answer.ts";
import type { ProviderProfile } from "./clients.ts";

// A social profile whose email another account already holds (docs/protocol.md#account-linking, 4000027) is
// never merged by email: the customer proves that account in a login flow that carries the
// profile, and hooks/link-credentials.ts links it once they have.

export interface TakenAddress {
  owner: Identity;
  address: string;
}

/** An existing account that already holds one of the new identity's addresses. */
export async function ownerOfAddresses(
  ctx: Ctx,
  identity: Identity,
): Promise<TakenAddress | undefined> {
  const { identities } = ctx.deps.persistence;
  const values = [
    ...identity.verifiable_addresses.map((a) => a.value),
    ...identity.recovery_addresses.map((a) => a.value),
  ];
  for (const value of new Set(values)) {
    const owner =
      (await identities.findIdentityByIdentifier("password", value)) ??
      (await identities.findIdentityByVerifiableAddress(value)) ??
      (await identities.findIdentityByRecoveryAddress(value));
    if (owner) return { owner, address: value };
  }
  return undefined;
}

/**
 * 4000027: the profile's email belongs to an existing account. A login flow asks the customer
 * to prove that account (its password or one of its providers) and carries the profile, which
 * is linked once they do (hooks/link-credentials.ts).
 */
export async function linkRequired(
  ctx: Ctx,
  from: Flow,
  taken: TakenAddress,
  profile: ProviderProfile,
  via: Via,
): Promise<void> {
  const { deps } = ctx;
  const { owner, address: email } = taken;
  const provider = deps.oidc.get(profile.provider)?.config;
  const login = await createLoginFlow(ctx, {
    type: via === "browser" ? "browser" : from.type,
    refresh: false,
    requestedAal: "aal1",
    returnTo: from.payload.return_to,
    exchange: false,
    loginChallenge: loginChallengeOf(from),
  });
  const native = nativeAppOf(ctx, from, via);
  if (native) login.internal.nativeApp = native;
  login.internal.linkCredentials = {
    identityId: owner.id,
    link: { provider: profile.provider, issuer: profile.issuer, subject: profile.subject },
  } satisfies PendingLink;
  const providers = linkedProviders(deps.config, oidcLinks(owner));
  login.payload.active = "oidc";
  login.payload.ui.nodes = [
    ...oidcButtonNodes(providers, "confirm"),
    csrfNode(login.csrf_token),
    identifierNode(ctx, email),
    ...(hasPassword(owner) ? passwordNodes(uiText(MessageId.signInWithPassword)) : []),
  ];
  addFlowMessage(login.payload.ui, uiText(MessageId.accountExistsSignInToLink));
  addFlowMessage(
    login.payload.ui,
    uiText(MessageId.signInToLinkProfile, {
      duplicateIdentifier: email,
      duplicate_identifier: email,
      provider: provider?.label ?? profile.provider,
      provider_id: profile.provider,
      available_credential_types: [
        ...(hasPassword(owner) ? ["password"] : []),
        ...(providers.length ? ["oidc"] : []),
      ],
      available_providers: providers.map((p) => p.id),
    }),
  );
  await deps.persistence.flows.updateFlow(login);
  await continueInFlow(ctx, login, via);
}

function identifierNode(ctx: Ctx, email: string): UiNode {
  return inputNode({
    group: "default",
    name: "identifier",
    type: "hidden",
    value: email,
    required: true,
    label: identifierLabel(ctx.deps),
  });
}
