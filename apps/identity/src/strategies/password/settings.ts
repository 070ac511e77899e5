import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { fieldMessage } from "../../flows/verdict.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { getCredential, type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { schemaOf, traitValue } from "../../identity/traits.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import type { UiText } from "../../ui/text.ts";
import { uiText } from "../../ui/text.ts";
import { validatePassword } from "./policy/index.ts";
import { passwordPolicyOf } from "./policy-options.ts";

// Changing the password in settings (docs/protocol.md#settings-outcomes): only within the privileged
// window, never to the current password (4000039), and under the same policy as registration.

const fields = { method: "string", password: "string" } as const;
type PasswordSettingsBody = BodyOf<typeof fields>;

export const passwordSettings: SettingsStrategy<PasswordSettingsBody> = {
  method: "password",
  isEnabled: (deps) => deps.config.selfservice.methods.password.enabled,
  isSubmit: (body) => body.method === "password",
  body: bodySchema(fields, { kratos: "updateSettingsFlowWithPasswordMethod" }),
  privileged: true,
  submit: submitPasswordSettings,
};

async function submitPasswordSettings(
  ctx: RequestCtx,
  _flow: Flow,
  active: ActiveSession,
  body: PasswordSettingsBody,
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  const identity = structuredClone(active.identity);
  const password = body.password ?? "";
  if (!password) return refuse(uiText(MessageId.missingProperty, { property: "password" }));

  const credential = getCredential(identity, "password");
  const currentHash = credential?.config.hashed_password;
  if (typeof currentHash === "string" && (await deps.hasher.verify(password, currentHash)))
    return refuse(uiText(MessageId.passwordUnchanged));
  const policyError = await validatePassword(
    { password, identifier: identifierOf(ctx, identity) },
    passwordPolicyOf(deps),
    deps.fetch,
  );
  if (policyError) return refuse(policyError);

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
  return { result: "saved", identity };
}

function refuse(message: UiText): SettingsVerdict {
  return { result: "refused", messages: [fieldMessage("password", message)] };
}

/** The login identifier the policy compares against: the credential's, else the email trait. */
function identifierOf(ctx: RequestCtx, identity: Identity): string {
  const fromCredential = getCredential(identity, "password")?.identifiers[0];
  if (fromCredential) return fromCredential;
  const field = schemaOf(ctx.deps, identity.schema_id).passwordIdentifierFields[0];
  const value = field ? traitValue(identity.traits, field.path) : undefined;
  return typeof value === "string" ? normaliseIdentifier(value) : "";
}
