import { isDeepStrictEqual } from "node:util";
import { MessageId } from "@moos/contract";
import { refuseThrowaway } from "../../flows/bot-defence.ts";
import type { Flow } from "../../flows/flow.ts";
import { requirePrivilegedSession } from "../../flows/settings/settings-session.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { settingsFormNodes } from "../../flows/settings/ui.ts";
import { fieldMessage, formMessage } from "../../flows/verdict.ts";
import { localeOf } from "../../hooks/locale.ts";
import { isPlainObject } from "../../http/body.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { IdentitySchema } from "../../identity/identity-schema.ts";
import { loginAddressOf } from "../../identity/login-address.ts";
import {
  addedVerifiableAddresses,
  applyTraits,
  conflictsWithOtherIdentity,
  hasAddressChange,
  schemaOf,
} from "../../identity/traits.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { uiText } from "../../ui/text.ts";
import { requestEmailChange } from "./email-change.ts";

// Updating traits in settings (docs/protocol.md#settings-outcomes). A new email address is a sensitive
// change (it becomes the login identifier and the recovery address), so it needs a privileged
// session, and it takes effect only once the code sent to it comes back (email-change.ts,
// docs/account-safety.md#safe-email-change): until then the old address signs in. Other traits
// are saved at once.

const fields = { method: "string", traits: "value", transient_payload: "value" } as const;
export type ProfileSettingsBody = BodyOf<typeof fields>;

export const profileSettings: SettingsStrategy<ProfileSettingsBody> = {
  method: "profile",
  isEnabled: (deps) => deps.config.selfservice.methods.profile.enabled,
  isSubmit: (body) => body.method === "profile",
  body: bodySchema(fields, { kratos: "updateSettingsFlowWithProfileMethod" }),
  // Only a new email address needs a recent sign-in; that is checked below.
  privileged: false,
  submit: submitProfileSettings,
};

async function submitProfileSettings(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  body: ProfileSettingsBody,
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  const before = active.identity;
  const schema = schemaOf(deps, before.schema_id);
  const submitted = isPlainObject(body.traits) ? body.traits : {};
  const { traits, errors } = schema.validate(submitted);
  // The form shows what was typed, not what is stored, until the change is saved.
  const showSubmitted = async (): Promise<void> => {
    flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, { ...before, traits: submitted });
  };
  if (errors.length > 0) {
    await showSubmitted();
    const messages = errors.map((error) => fieldMessage(error.field, error.message));
    return { result: "refused", messages };
  }

  const after = structuredClone(before);
  applyTraits(after, traits, schema, deps.now());
  if (hasAddressChange(before, after)) requirePrivilegedSession(ctx, flow, active);
  const oldAddress = loginAddressOf(deps, before);
  const newAddress = loginAddressOf(deps, after);
  if (oldAddress && newAddress && oldAddress !== newAddress) {
    // The login address waits for its code (email-change.ts); everything else is saved now.
    const kept = structuredClone(before);
    applyTraits(kept, withTrait(traits, schema, oldAddress), schema, deps.now());
    if (hasAddressChange(before, kept)) {
      await showSubmitted();
      const oneAtATime = uiText(MessageId.oneAddressChangeAtATime);
      return { result: "refused", messages: [formMessage(oneAtATime)] };
    }
    // A throwaway address is refused before a code goes to it (docs/security.md#no-throwaway-addresses).
    const throwaway = refuseThrowaway(ctx, newAddress);
    if (throwaway) {
      await showSubmitted();
      return throwaway;
    }
    const saved = !isDeepStrictEqual(kept.traits, before.traits);
    return requestEmailChange(ctx, flow, active, { kept, oldAddress, newAddress, body, saved });
  }
  const taken = async (): Promise<SettingsVerdict> => {
    await showSubmitted();
    return { result: "refused", messages: [formMessage(uiText(MessageId.accountExists))] };
  };
  if (await conflictsWithOtherIdentity(deps, after)) return taken();

  const verify = deps.config.selfservice.flows.verification.enabled
    ? addedVerifiableAddresses(before, after)
    : [];
  for (const address of verify) await limitCodeEmails(deps, address);
  return {
    result: "store",
    identity: after,
    verify,
    locale: localeOf(ctx.request, body, before),
    // Another request took the address between the check above and the write.
    ifTaken: taken,
  };
}

/** The traits with the login address trait set to `address`. */
function withTrait(
  traits: Record<string, unknown>,
  schema: IdentitySchema,
  address: string,
): Record<string, unknown> {
  const copy = structuredClone(traits);
  const field = schema.verificationFields[0] ?? schema.passwordIdentifierFields[0];
  if (!field) return copy;
  let cursor = copy;
  for (const key of field.path.slice(0, -1)) {
    if (!isPlainObject(cursor[key])) cursor[key] = {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[field.path.at(-1)!] = address;
  return copy;
}
