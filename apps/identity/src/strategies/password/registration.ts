import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type {
  RegistrationStrategy,
  RegistrationVerdict,
} from "../../flows/registration/strategy.ts";
import { type FlowMessage, fieldMessage, formMessage } from "../../flows/verdict.ts";
import { localeOf } from "../../hooks/locale.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { normaliseIdentifier } from "../../identity/identity.ts";
import { setInputValue } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { fillTraitValues } from "../../ui/trait-nodes.ts";
import { validatePassword } from "./policy/index.ts";
import { passwordPolicyOf } from "./policy-options.ts";

const fields = {
  method: "string",
  traits: "value",
  password: "string",
  transient_payload: "value",
} as const;
type PasswordRegistrationBody = BodyOf<typeof fields>;

export const passwordRegistration: RegistrationStrategy<PasswordRegistrationBody> = {
  method: "password",
  // As the registration flow always did: not switched off by methods.password.enabled.
  isEnabled: () => true,
  isSubmit: (body) => body.method === "password",
  body: bodySchema(fields, { kratos: "updateRegistrationFlowWithPasswordMethod" }),
  submit: submitPasswordRegistration,
};

async function submitPasswordRegistration(
  ctx: RequestCtx,
  flow: Flow,
  body: PasswordRegistrationBody,
): Promise<RegistrationVerdict> {
  const { deps } = ctx;
  const schema = deps.defaultSchema;
  const { traits, errors } = schema.validate(body.traits);
  const password = body.password ?? "";
  // As Kratos: the form stays the step it was (a one-step submit from the profile form keeps
  // that form), with the submitted traits in it; `active` is not set by a password sign-up.
  fillTraitValues(flow.payload.ui.nodes, schema, traits);
  const messages = errors.map((error) => fieldMessage(error.field, error.message));
  if (!password)
    messages.push(
      fieldMessage("password", uiText(MessageId.missingProperty, { property: "password" })),
    );
  if (messages.length > 0) return refuse(flow, messages);

  const identifierField = schema.passwordIdentifierFields[0]!;
  const identifier = normaliseIdentifier(String(valueAt(traits, identifierField.path) ?? ""));
  const policyMessage = await validatePassword(
    { password, identifier },
    passwordPolicyOf(deps),
    deps.fetch,
  );
  if (policyMessage) return refuse(flow, [fieldMessage("password", policyMessage)]);
  const taken = (): RegistrationVerdict =>
    refuse(flow, [formMessage(uiText(MessageId.accountExists))]);
  if (await deps.persistence.identities.findIdentityByIdentifier("password", identifier))
    return taken();

  const locale = localeOf(ctx.request, body);
  return {
    result: "sign_up",
    identity: newIdentity(ctx, traits, identifier, await deps.hasher.hash(password), locale),
    method: "password",
    sessionMethod: { method: "password" },
    verify: [identifier],
    locale,
    verificationUrlForApps: true,
    ifTaken: async () => taken(),
  };
}

function newIdentity(
  ctx: RequestCtx,
  traits: Record<string, unknown>,
  identifier: string,
  hash: string,
  locale: "de" | "en",
): Identity {
  const now = ctx.deps.now();
  const schema = ctx.deps.defaultSchema;
  const email = identifier;
  const normalisedTraits = structuredClone(traits);
  setValueAt(normalisedTraits, schema.passwordIdentifierFields[0]!.path, email);
  return {
    id: crypto.randomUUID(),
    schema_id: schema.id,
    state: "active",
    state_changed_at: now,
    traits: normalisedTraits,
    metadata_public: { locale },
    metadata_admin: null,
    credentials: [
      {
        id: crypto.randomUUID(),
        type: "password",
        identifiers: [identifier],
        config: { hashed_password: hash },
        version: 0,
        created_at: now,
        updated_at: now,
      },
    ],
    verifiable_addresses: schema.verificationFields.length
      ? [
          {
            id: crypto.randomUUID(),
            value: email,
            verified: false,
            via: "email",
            status: "pending",
            created_at: now,
            updated_at: now,
          },
        ]
      : [],
    recovery_addresses: schema.recoveryFields.length
      ? [{ id: crypto.randomUUID(), value: email, via: "email", created_at: now, updated_at: now }]
      : [],
    created_at: now,
    updated_at: now,
  };
}

/** A refused submit: the form sorted as Kratos's error handler sorts it, the password gone. */
function refuse(flow: Flow, messages: readonly FlowMessage[]): RegistrationVerdict {
  setInputValue(flow.payload.ui, "password", undefined);
  flow.state = "choose_method";
  flow.internal.completed = false;
  return { result: "refused", messages, sortForm: true };
}

function valueAt(traits: Record<string, unknown>, path: string[]): unknown {
  return path.reduce<unknown>(
    (v, key) => (v as Record<string, unknown> | undefined)?.[key],
    traits,
  );
}

function setValueAt(traits: Record<string, unknown>, path: string[], value: unknown): void {
  let cursor = traits;
  for (const key of path.slice(0, -1)) {
    cursor[key] ??= {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[path.at(-1)!] = value;
}
