import type { Deps } from "../../deps/deps.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { oidcLinks, signInMethodCount } from "../../identity/oidc-credentials.ts";
import { schemaOf } from "../../identity/traits.ts";
import { csrfNode, labels, submitNode, type UiNode } from "../../ui/nodes.ts";
import { oidcSettingsNodes } from "../../ui/oidc-nodes.ts";
import { settingsOrder, sortNodes, upsertNode } from "../../ui/sort-nodes.ts";
import { newPasswordNode, traitNodes } from "../../ui/trait-nodes.ts";
import type { Flow } from "../flow.ts";

// Settings forms (docs/protocol.md#settings-form): the traits with their current values in the
// profile group, then a new password in the password group; each group has its own submit.
// Social sign-in adds `link` / `unlink` submits (group oidc) per enabled provider.
// Second factors (totp, lookup_secret, webauthn) and passkeys follow, each from its strategy.

/**
 * The whole settings form of a flow: settingsNodes, then each enabled strategy's own nodes,
 * sorted as Kratos sorts settings nodes. Script nodes are upserted by id, as Kratos's
 * strategies add theirs: security keys and passkeys share one webauthn.js node (two would
 * load the script twice and give React two elements with one key).
 */
export async function settingsFormNodes(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  const { deps } = ctx;
  const nodes = settingsNodes(deps, flow.csrf_token, identity);
  for (const strategy of deps.strategies.settings) {
    if (!strategy.isEnabled(deps) || !strategy.formNodes) continue;
    for (const node of await strategy.formNodes(ctx, flow, identity)) {
      if (node.type === "script") upsertNode(nodes, node);
      else nodes.push(node);
    }
  }
  const schema = schemaOf(deps, identity.schema_id);
  return sortNodes(nodes, settingsOrder(schema.fields.map((f) => f.name)));
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
