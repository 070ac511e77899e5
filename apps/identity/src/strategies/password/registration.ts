import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { completeRegistration } from "../../flows/registration/complete-registration.ts";
import type { RegistrationStrategy } from "../../flows/registration/strategy.ts";
import { sortRegistrationNodes } from "../../flows/registration/ui.ts";
import { localeOf } from "../../hooks/locale.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { respondWithFlow } from "../../http/respond.ts";
import type { Identity } from "../../identity/identity.ts";
import { normaliseIdentifier } from "../../identity/identity.ts";
import { addFieldMessage, addFlowMessage, setInputValue } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { fillTraitValues } from "../../ui/trait-nodes.ts";
import { validatePassword } from "./policy/index.ts";
import { passwordPolicyOf } from "./policy-options.ts";

export const passwordRegistration: RegistrationStrategy = {
  method: "password",
  // As the registration flow always did: not switched off by methods.password.enabled.
  isEnabled: () => true,
  isSubmit: (body) => optionalString(body, "method") === "password",
  submit: submitPasswordRegistration,
};

async function submitPasswordRegistration(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const { deps } = ctx;
  const schema = deps.defaultSchema;
  const { traits, errors } = schema.validate(body.traits);
  const password = optionalString(body, "password") ?? "";
  // As Kratos: the form stays the step it was (a one-step submit from the profile form keeps
  // that form), with the submitted traits in it; `active` is not set by a password sign-up.
  fillTraitValues(flow.payload.ui.nodes, schema, traits);
  for (const error of errors) addFieldMessage(flow.payload.ui, error.field, error.message);
  if (!password)
    addFieldMessage(
      flow.payload.ui,
      "password",
      uiText(MessageId.missingProperty, { property: "password" }),
    );
  if (errors.length > 0 || !password) return answer(ctx, flow);

  const identifierField = schema.passwordIdentifierFields[0]!;
  const identifier = normaliseIdentifier(String(valueAt(traits, identifierField.path) ?? ""));
  const policyMessage = await validatePassword(
    { password, identifier },
    passwordPolicyOf(deps),
    deps.fetch,
  );
  if (policyMessage) {
    addFieldMessage(flow.payload.ui, "password", policyMessage);
    return answer(ctx, flow);
  }
  if (await deps.persistence.identities.findIdentityByIdentifier("password", identifier))
    return duplicate(ctx, flow);

  const identity = newIdentity(
    ctx,
    traits,
    identifier,
    await deps.hasher.hash(password),
    localeOf(ctx.request, body),
  );
  const outcome = await completeRegistration(ctx, flow, identity, {
    method: "password",
    address: identifier,
    locale: localeOf(ctx.request, body),
  });
  if (outcome === "duplicate") return duplicate(ctx, flow);
}

function newIdentity(
  ctx: Ctx,
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

async function duplicate(ctx: Ctx, flow: Flow): Promise<void> {
  addFlowMessage(flow.payload.ui, uiText(MessageId.accountExists));
  return answer(ctx, flow);
}

/** A refused submit: 400 with the flow, its nodes sorted as Kratos's error handler sorts them. */
async function answer(ctx: Ctx, flow: Flow): Promise<void> {
  setInputValue(flow.payload.ui, "password", undefined);
  flow.state = "choose_method";
  flow.internal.completed = false;
  sortRegistrationNodes(ctx.deps, flow.payload.ui.nodes);
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow, 400);
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
