import type { Ctx } from "../../http/context.ts";
import type { Deps } from "../../http/deps.ts";
import type { Identity } from "../../identity/identity.ts";
import { oidcLinks, signInMethodCount } from "../../identity/oidc-credentials.ts";
import { passkeySettingsFormNodes } from "../../strategies/passkey/settings.ts";
import { schemaOf } from "../../strategies/profile/apply-traits.ts";
import { enabledSecondFactors } from "../../strategies/second-factor/registry.ts";
import { csrfNode, labels, submitNode, type UiNode } from "../../ui/nodes.ts";
import { oidcSettingsNodes } from "../../ui/oidc-nodes.ts";
import { newPasswordNode, traitNodes } from "../../ui/trait-nodes.ts";
import type { Flow } from "../flow.ts";

// Settings forms (PROTOCOL.md §4 "Settings"): the traits with their current values in the
// profile group, then a new password in the password group; each group has its own submit.
// Social sign-in adds `link` / `unlink` submits (group oidc) per enabled provider.
// Second factors (totp, lookup_secret, webauthn) follow, each from its strategy, then passkeys.

/** The whole settings form of a flow: settingsNodes plus every enabled second factor's nodes. */
export async function settingsFormNodes(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  const nodes = settingsNodes(ctx.deps, flow.csrf_token, identity);
  for (const strategy of enabledSecondFactors(ctx.deps))
    nodes.push(...(await strategy.settingsNodes(ctx, flow, identity)));
  nodes.push(...(await passkeySettingsFormNodes(ctx, flow, identity)));
  return nodes;
}

export function settingsNodes(
  deps: Deps,
  csrfToken: string,
  identity: Pick<Identity, "schema_id" | "traits" | "credentials">,
): UiNode[] {
  const { methods } = deps.config.selfservice;
  const schema = schemaOf(deps, identity.schema_id);
  return [
    csrfNode(csrfToken),
    ...(methods.profile.enabled
      ? [
          ...traitNodes(schema, identity.traits, { group: "profile" }),
          submitNode("profile", "method", "profile", labels.save()),
        ]
      : []),
    ...(methods.password.enabled
      ? [newPasswordNode(), submitNode("password", "method", "password", labels.save())]
      : []),
    ...oidcSettingsNodes(deps.config, oidcLinks(identity), {
      canUnlink: signInMethodCount(identity) > 1,
    }),
  ];
}
