import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { hasText } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { signInMethodCount } from "../../identity/oidc-credentials.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import type { UiNode } from "../../ui/nodes.ts";
import { webAuthnKeys } from "../webauthn/credentials.ts";
import { reject, removeKey } from "../webauthn/settings.ts";
import { addPasskey } from "./add.ts";
import { isPasskeyEnabled } from "./login.ts";
import { passkeySettingsNodes } from "./nodes.ts";
import { passkeyUpgradeNodes } from "./upgrade.ts";

// Passkeys in settings (Kratos's passkey_settings.go): add one (the browser creates it from
// passkey_create_data) or remove one, both with a recent sign-in. The last way to sign in
// cannot be removed. Adding proves the passkey, so the session records it (aal1, as Kratos,
// add.ts). Right after a password sign-in the form also carries the automatic upgrade's
// options (upgrade.ts, whose submits are a strategy of their own).

/** Password, social sign-ins and passkeys: the ways this identity can sign in. */
function firstFactorCount(identity: Pick<Identity, "credentials">): number {
  return signInMethodCount(identity) + webAuthnKeys(identity, "passkey").length;
}

const fields = {
  method: "string",
  passkey_settings_register: "string",
  passkey_remove: "string",
} as const;
type PasskeySettingsBody = BodyOf<typeof fields>;

export const passkeySettings: SettingsStrategy<PasskeySettingsBody> = {
  method: "passkey",
  isEnabled: isPasskeyEnabled,
  isSubmit: (body) => hasText(body, "passkey_settings_register") || hasText(body, "passkey_remove"),
  body: bodySchema(fields, { kratos: "updateSettingsFlowWithPasskeyMethod" }),
  privileged: true,
  formNodes: passkeySettingsFormNodes,
  submit: submitPasskeySettings,
};

async function passkeySettingsFormNodes(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  if (flow.type !== "browser") return [];
  return [
    ...(await passkeySettingsNodes(ctx.deps, flow, identity, {
      canRemove: firstFactorCount(identity) > 1,
    })),
    ...(await passkeyUpgradeNodes(ctx, flow, identity)),
  ];
}

async function submitPasskeySettings(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  body: PasskeySettingsBody,
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  const identity = structuredClone(active.identity);
  const remove = body.passkey_remove;
  if (remove) {
    if (firstFactorCount(identity) < 2)
      return reject(ctx, flow, "You cannot remove your last way to sign in.");
    if (!removeKey(identity, "passkey", remove, deps.now()))
      return reject(ctx, flow, "You tried to remove a passkey which does not exist.");
    await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
    return { result: "saved", identity };
  }
  return addPasskey(ctx, flow, active, {
    response: body.passkey_settings_register ?? "",
    path: "settings",
  });
}
