import type { Deps } from "../../deps/deps.ts";
import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { hasText } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { notePasskeyCreated } from "../../http/request-outcome.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Session } from "../../session/session.ts";
import { type ActiveSession, findActiveSession } from "../../session/session-manager.ts";
import { inputNode, type UiNode } from "../../ui/nodes.ts";
import { beginRegistration } from "../webauthn/ceremony.ts";
import { webAuthnKeys } from "../webauthn/credentials.ts";
import { accountDisplayName, accountName } from "../webauthn/nodes.ts";
import { registerKey, reject } from "../webauthn/settings.ts";
import { addPasskey } from "./add.ts";
import { isPasskeyEnabled } from "./login.ts";
import { newUserHandle } from "./nodes.ts";

// The automatic passkey upgrade (docs/sign-in-methods.md#from-password-to-passkey): right
// after a password sign-in, a browser that can (WebAuthn conditional create) asks the
// customer's password manager for a passkey without showing anything, and the web app posts
// it to a settings flow as `passkey_upgrade_register`. Such authenticators may report no user
// presence, so this one registration is verified without it. That is bound three ways:
// - the settings flow offers `passkey_upgrade_data` only to a session whose first factor was
//   a password completed in the last 5 minutes, for an account without passkeys, with
//   `selfservice.methods.passkey.config.automatic_upgrade` on;
// - its challenge waits in a slot of its own (`passkey_upgrade`), which no other ceremony
//   reads, and is used once;
// - the submit checks the session again and needs a privileged one, like any passkey change.
// The web app's offer after a sign-in adds its passkey the ordinary way and says so with
// `passkey_via: "offer"`, for the metrics only. Both bodies are ours (Kratos has neither
// field), so they are a settings method of their own, listed before Kratos's passkey method.
// Nothing is lost by it: presence is a flag the client's authenticator sets, and whoever holds
// such a session could add a passkey in settings anyway. The new passkey is stored and told
// (security notice "passkey added") like one added in settings; unlike that one, it is not
// recorded as a sign-in method of the session, as nobody was seen using it.

/** How soon after the password sign-in the upgrade may happen. */
const upgradeWindowMs = 5 * 60_000;

function isAutomaticUpgradeOn(deps: Deps): boolean {
  return deps.config.selfservice.methods.passkey.config.automatic_upgrade;
}

/** The session's first factor was a password, completed in the upgrade window. */
function signedInWithPasswordJustNow(deps: Deps, session: Session): boolean {
  const firstFactor = session.authentication_methods.filter((m) => m.aal === "aal1").at(-1);
  if (firstFactor?.method !== "password") return false;
  const age = deps.now().getTime() - new Date(firstFactor.completed_at).getTime();
  return age >= 0 && age <= upgradeWindowMs;
}

function mayUpgrade(deps: Deps, session: Session, identity: Identity): boolean {
  return (
    isAutomaticUpgradeOn(deps) &&
    webAuthnKeys(identity, "passkey").length === 0 &&
    signedInWithPasswordJustNow(deps, session)
  );
}

/**
 * Settings: the upgrade's creation options (`passkey_upgrade_data`), when this session may
 * upgrade. Begins the ceremony in its own slot; the caller persists the flow.
 */
export async function passkeyUpgradeNodes(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  const { deps } = ctx;
  if (flow.type !== "browser" || !isAutomaticUpgradeOn(deps)) return [];
  const active = await findActiveSession(deps, ctx.request);
  if (active?.identity.id !== identity.id || !mayUpgrade(deps, active.session, identity)) return [];
  const creation = await beginRegistration(
    deps,
    flow,
    "passkey",
    {
      handle: newUserHandle(),
      name: accountName(identity),
      displayName: accountDisplayName(identity),
      exclude: [],
    },
    { slot: "passkey_upgrade" },
  );
  return [
    inputNode({
      group: "passkey",
      name: "passkey_upgrade_data",
      type: "hidden",
      value: JSON.stringify(creation),
    }),
  ];
}

const fields = {
  method: "string",
  passkey_upgrade_register: "string",
  passkey_settings_register: "string",
  passkey_via: "string",
} as const;
type PasskeyUpgradeBody = BodyOf<typeof fields>;

/** The automatic upgrade's submit and the offer's (ours; the form nodes are passkey's). */
export const passkeyUpgradeSettings: SettingsStrategy<PasskeyUpgradeBody> = {
  method: "passkey",
  isEnabled: isPasskeyEnabled,
  isSubmit: (body) => hasText(body, "passkey_upgrade_register") || hasText(body, "passkey_via"),
  body: bodySchema(fields),
  privileged: true,
  submit: (ctx, flow, active, body) =>
    body.passkey_upgrade_register
      ? submitPasskeyUpgrade(ctx, flow, active, body.passkey_upgrade_register)
      : addPasskey(ctx, flow, active, {
          response: body.passkey_settings_register ?? "",
          path: body.passkey_via === "offer" ? "offer" : "settings",
        }),
};

/** `passkey_upgrade_register`: the passkey the browser made without asking. */
async function submitPasskeyUpgrade(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  response: string,
): Promise<SettingsVerdict> {
  const identity = structuredClone(active.identity);
  if (!mayUpgrade(ctx.deps, active.session, identity))
    return reject(ctx, flow, "An automatic passkey upgrade is not possible for this session.");
  const refused = await registerKey(ctx, flow, identity, "passkey", {
    response,
    displayName: "",
    ceremony: { slot: "passkey_upgrade", requireUserPresence: false },
  });
  if (refused) return refused;
  notePasskeyCreated(ctx.request, "automatic");
  return { result: "saved", identity };
}
