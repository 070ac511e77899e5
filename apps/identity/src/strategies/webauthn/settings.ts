import { MessageId } from "@moos/contract";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { settingsFormNodes } from "../../flows/settings/ui.ts";
import { formMessage } from "../../flows/verdict.ts";
import { hasText } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { completeSecondFactor } from "../../session/aal.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { uiText } from "../../ui/text.ts";
import {
  type CeremonySlot,
  finishRegistration,
  parseResponse,
  takeChallenge,
  WebAuthnRefused,
} from "./ceremony.ts";
import {
  removeValue,
  type WebAuthnCredentialConfig,
  webAuthnConfig,
  writeWebAuthnKeys,
} from "./credentials.ts";
import { webauthnSettingsNodes } from "./nodes.ts";
import { isWebAuthnEnabled, type WebAuthnKind } from "./relying-party.ts";

// Adding and removing security keys in settings (Kratos's selfservice/strategy/webauthn/
// settings.go): both need a privileged session (a recent sign-in). A new key proves itself
// while it is registered, so the session counts it as a second factor (aal2), as in Kratos.

const fields = {
  method: "string",
  webauthn_register: "string",
  webauthn_register_displayname: "string",
  webauthn_remove: "string",
} as const;
type WebauthnSettingsBody = BodyOf<typeof fields>;

export const webauthnSettings: SettingsStrategy<WebauthnSettingsBody> = {
  method: "webauthn",
  isEnabled: (deps) => isWebAuthnEnabled(deps.config, "webauthn"),
  isSubmit: (body) => hasText(body, "webauthn_register") || hasText(body, "webauthn_remove"),
  body: bodySchema(fields, { kratos: "updateSettingsFlowWithWebAuthnMethod" }),
  privileged: true,
  formNodes: (ctx, flow, identity) => webauthnSettingsNodes(ctx.deps, flow, identity),
  submit: submitWebauthnSettings,
};

async function submitWebauthnSettings(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  body: WebauthnSettingsBody,
): Promise<SettingsVerdict> {
  const identity = structuredClone(active.identity);
  const remove = body.webauthn_remove;
  if (remove) {
    if (!removeKey(identity, "webauthn", remove, ctx.deps.now()))
      return reject(ctx, flow, "You tried to remove a WebAuthn credential which does not exist.");
    await ctx.deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
    return { result: "saved", identity };
  }
  const refused = await registerKey(ctx, flow, identity, "webauthn", {
    response: body.webauthn_register ?? "",
    displayName: body.webauthn_register_displayname?.trim() ?? "",
  });
  if (refused) return refused;
  await completeSecondFactor(ctx.deps, active.session, "webauthn");
  return { result: "saved", identity };
}

/** Drops the key Kratos names by its hex id; false when the identity has no such key. */
export function removeKey(
  identity: Identity,
  kind: WebAuthnKind,
  hexId: string,
  now: Date,
): boolean {
  const config = webAuthnConfig(identity, kind);
  const credentials = config?.credentials.filter((k) => removeValue(k) !== hexId) ?? [];
  if (!config || credentials.length === config.credentials.length) return false;
  writeWebAuthnKeys(identity, kind, { ...config, credentials }, now);
  return true;
}

/**
 * Verifies a registration against the flow's challenge and stores the new key on `identity`
 * (persisted). Undefined when the key is stored; otherwise the refusal to answer with. The
 * automatic passkey upgrade names its own challenge slot and needs no user presence
 * (strategies/passkey/upgrade.ts).
 */
export async function registerKey(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
  kind: WebAuthnKind,
  input: {
    response: string;
    displayName: string;
    ceremony?: { slot: CeremonySlot; requireUserPresence: boolean };
  },
): Promise<SettingsVerdict | undefined> {
  const { deps } = ctx;
  const pending = await takeChallenge(deps, flow, input.ceremony?.slot ?? kind);
  const userHandle = pending?.user_handle;
  try {
    if (!pending || !userHandle) throw new WebAuthnRefused("No registration is pending.");
    const response = parseResponse<RegistrationResponseJSON>(input.response);
    const key = await finishRegistration(deps, kind, pending, response, {
      requireUserPresence: input.ceremony?.requireUserPresence ?? true,
    });
    const existing = webAuthnConfig(identity, kind);
    const now = deps.now();
    const config: WebAuthnCredentialConfig = {
      user_handle: existing?.user_handle ?? userHandle,
      credentials: [
        ...(existing?.credentials ?? []),
        {
          ...key,
          display_name: input.displayName.slice(0, 100),
          added_at: new Date(Math.round(now.getTime() / 1000) * 1000).toISOString(),
          is_passwordless: kind === "passkey",
        },
      ],
    };
    writeWebAuthnKeys(identity, kind, config, now);
  } catch (error) {
    if (!(error instanceof WebAuthnRefused)) throw error;
    ctx.request.log.info({ reason: error.message }, "WebAuthn registration refused");
    return reject(ctx, flow, `Unable to create WebAuthn credential: ${error.message}`);
  }
  try {
    await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
  } catch (error) {
    // The unique (type, identifier) index: this key is registered on another account already.
    if ((error as { code?: unknown } | null)?.code !== "23505") throw error;
    return reject(ctx, flow, "This key is already in use by another account.");
  }
  return undefined;
}

/**
 * Refused with the reason; the form is rebuilt from the stored identity, so the add buttons
 * carry fresh challenges (the refused attempt used its own up).
 */
export async function reject(
  ctx: RequestCtx,
  flow: Flow,
  reason: string,
): Promise<SettingsVerdict> {
  const stored = flow.identity_id
    ? await ctx.deps.persistence.identities.getIdentity(flow.identity_id)
    : undefined;
  if (stored) flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, stored);
  return {
    result: "refused",
    messages: [formMessage(uiText(MessageId.errorWithReason, { reason }))],
  };
}
