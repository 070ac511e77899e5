import { isDeepStrictEqual } from "node:util";
import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import {
  beginSettingsAttempt,
  completeSettings,
  rejectSettings,
} from "../../flows/settings/outcome.ts";
import { requirePrivilegedSession } from "../../flows/settings/settings-session.ts";
import type { SettingsStrategy } from "../../flows/settings/strategy.ts";
import { settingsFormNodes } from "../../flows/settings/ui.ts";
import { startVerificationForAddress } from "../../flows/verification/verification-flow.ts";
import { localeOf } from "../../hooks/locale.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
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
import { isUniqueViolation } from "../../persistence/errors.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { addFieldMessage, addFlowMessage } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { requestEmailChange } from "./email-change.ts";

// Updating traits in settings (docs/protocol.md#settings-outcomes). A new email address is a sensitive
// change (it becomes the login identifier and the recovery address), so it needs a privileged
// session, and it takes effect only once the code sent to it comes back (email-change.ts, issue
// 13): until then the old address signs in. Other traits are saved at once.

export const profileSettings: SettingsStrategy = {
  method: "profile",
  isEnabled: (deps) => deps.config.selfservice.methods.profile.enabled,
  isSubmit: (body) => optionalString(body, "method") === "profile",
  submit: submitProfileSettings,
};

async function submitProfileSettings(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  body: Body,
): Promise<void> {
  const { deps } = ctx;
  beginSettingsAttempt(flow, "profile");
  const before = active.identity;
  const schema = schemaOf(deps, before.schema_id);
  const submitted = isObject(body.traits) ? body.traits : {};
  const { traits, errors } = schema.validate(submitted);
  // The form shows what was typed, not what is stored, until the change is saved.
  const showSubmitted = async (): Promise<void> => {
    flow.payload.ui.nodes = await settingsFormNodes(ctx, flow, { ...before, traits: submitted });
  };
  if (errors.length > 0) {
    await showSubmitted();
    for (const error of errors) addFieldMessage(flow.payload.ui, error.field, error.message);
    return rejectSettings(ctx, flow);
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
      addFlowMessage(flow.payload.ui, uiText(MessageId.oneAddressChangeAtATime));
      return rejectSettings(ctx, flow);
    }
    const saved = !isDeepStrictEqual(kept.traits, before.traits);
    return requestEmailChange(ctx, flow, active, { kept, oldAddress, newAddress, body, saved });
  }
  if (await conflictsWithOtherIdentity(deps, after))
    return rejectDuplicate(ctx, flow, showSubmitted);

  const verify = deps.config.selfservice.flows.verification.enabled
    ? addedVerifiableAddresses(before, after)
    : [];
  for (const address of verify) await limitCodeEmails(deps, address);
  const locale = localeOf(ctx.request, body, before);
  const continueWith: Record<string, unknown>[] = [];
  try {
    await deps.persistence.transaction(async (tx) => {
      await tx.identities.updateIdentity(after);
      for (const address of verify) {
        const verification = await startVerificationForAddress(ctx, tx, {
          type: flow.type,
          identity: after,
          address,
          returnTo: flow.payload.return_to,
          locale,
        });
        continueWith.push({
          action: "show_verification_ui",
          flow: {
            id: verification.id,
            verifiable_address: address,
            ...(flow.type === "browser"
              ? { url: uiUrl(deps, "verification", verification.id) }
              : {}),
          },
        });
      }
    });
  } catch (error) {
    // Another request took the address between the check above and this write.
    if (isUniqueViolation(error)) return rejectDuplicate(ctx, flow, showSubmitted);
    throw error;
  }
  await completeSettings(ctx, flow, after, continueWith);
}

async function rejectDuplicate(
  ctx: Ctx,
  flow: Flow,
  showSubmitted: () => Promise<void>,
): Promise<void> {
  await showSubmitted();
  addFlowMessage(flow.payload.ui, uiText(MessageId.accountExists));
  return rejectSettings(ctx, flow);
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
    if (!isObject(cursor[key])) cursor[key] = {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[field.path.at(-1)!] = address;
  return copy;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
