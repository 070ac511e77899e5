import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import {
  beginPrivilegedSettingsAttempt,
  completeSettings,
  rejectSettings,
} from "../../flows/settings/outcome.ts";
import type { SettingsStrategy } from "../../flows/settings/strategy.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { getCredential, type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { schemaOf, traitValue } from "../../identity/traits.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { addFieldMessage } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { validatePassword } from "./policy/index.ts";
import { passwordPolicyOf } from "./policy-options.ts";

// Changing the password in settings (docs/protocol.md#settings-outcomes): only within the privileged
// window, never to the current password (4000039), and under the same policy as registration.

export const passwordSettings: SettingsStrategy = {
  method: "password",
  isEnabled: (deps) => deps.config.selfservice.methods.password.enabled,
  isSubmit: (body) => optionalString(body, "method") === "password",
  submit: submitPasswordSettings,
};

async function submitPasswordSettings(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  body: Body,
): Promise<void> {
  const { deps } = ctx;
  const identity = beginPrivilegedSettingsAttempt(ctx, flow, active, "password");
  if (!identity) return;
  const password = optionalString(body, "password") ?? "";
  if (!password) {
    addFieldMessage(
      flow.payload.ui,
      "password",
      uiText(MessageId.missingProperty, { property: "password" }),
    );
    return rejectSettings(ctx, flow);
  }

  const credential = getCredential(identity, "password");
  const currentHash = credential?.config.hashed_password;
  if (typeof currentHash === "string" && (await deps.hasher.verify(password, currentHash))) {
    addFieldMessage(flow.payload.ui, "password", uiText(MessageId.passwordUnchanged));
    return rejectSettings(ctx, flow);
  }
  const policyError = await validatePassword(
    { password, identifier: identifierOf(ctx, identity) },
    passwordPolicyOf(deps),
    deps.fetch,
  );
  if (policyError) {
    addFieldMessage(flow.payload.ui, "password", policyError);
    return rejectSettings(ctx, flow);
  }

  const now = deps.now();
  const hashed = await deps.hasher.hash(password);
  if (credential) {
    credential.config = { ...credential.config, hashed_password: hashed };
    credential.updated_at = now;
  } else {
    identity.credentials.push({
      id: crypto.randomUUID(),
      type: "password",
      identifiers: [identifierOf(ctx, identity)].filter(Boolean),
      config: { hashed_password: hashed },
      version: 0,
      created_at: now,
      updated_at: now,
    });
  }
  identity.updated_at = now;
  await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
  await completeSettings(ctx, flow, identity);
}

/** The login identifier the policy compares against: the credential's, else the email trait. */
function identifierOf(ctx: Ctx, identity: Identity): string {
  const fromCredential = getCredential(identity, "password")?.identifiers[0];
  if (fromCredential) return fromCredential;
  const field = schemaOf(ctx.deps, identity.schema_id).passwordIdentifierFields[0];
  const value = field ? traitValue(identity.traits, field.path) : undefined;
  return typeof value === "string" ? normaliseIdentifier(value) : "";
}
