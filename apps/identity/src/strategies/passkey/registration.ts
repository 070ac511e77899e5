import { MessageId } from "@moos/contract";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
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
import { applyTraits, conflictsWithOtherIdentity, traitValue } from "../../identity/traits.ts";
import { inputNode, type UiNode } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import { fillTraitValues } from "../../ui/trait-nodes.ts";
import {
  beginRegistration,
  finishRegistration,
  parseResponse,
  takeChallenge,
  WebAuthnRefused,
} from "../webauthn/ceremony.ts";
import { writeWebAuthnKeys } from "../webauthn/credentials.ts";
import { webauthnScriptNode } from "../webauthn/script.ts";
import { isPasskeyEnabled } from "./login.ts";
import { newUserHandle } from "./nodes.ts";

// Signing up with a passkey alone (Kratos's passkey_registration.go): where a credential is
// chosen (the credential choice of profile_first, the unified form), the flow offers "Sign up
// with passkey" (1040007) with the creation options in `passkey_create_data`; webauthn.js
// creates the passkey, names it after the display-name trait and posts it as
// `passkey_register` with the traits. The new account has a passkey credential (its random user
// handle and the key, so discoverable sign-in finds it) and an unverified address, which gets a
// verification code as after a password sign-up. Browser flows only, as passkey sign-in.

const fields = {
  method: "string",
  traits: "value",
  passkey_register: "string",
  transient_payload: "value",
} as const;
type PasskeyRegistrationBody = BodyOf<typeof fields>;

export const passkeyRegistration: RegistrationStrategy<PasskeyRegistrationBody> = {
  method: "passkey",
  isEnabled: isPasskeyEnabled,
  // Kratos claims a submit by its result alone; "true" is what a React SDK sends for an empty
  // field, so it is not one.
  isSubmit: ({ passkey_register: value }) =>
    typeof value === "string" && value !== "" && value !== "true",
  body: bodySchema(fields, { kratos: "updateRegistrationFlowWithPasskeyMethod" }),
  formNodes: passkeyRegistrationNodes,
  submit: submitPasskeyRegistration,
};

async function passkeyRegistrationNodes(
  ctx: RequestCtx,
  flow: Flow,
  traits: Record<string, unknown>,
): Promise<UiNode[]> {
  const { deps } = ctx;
  const fields = deps.defaultSchema.passkeyDisplayNameFields;
  if (flow.type !== "browser") return [];
  if (fields.length === 0) {
    ctx.request.log.warn(
      "passkeys are enabled, but no trait of the identity schema is marked as the passkey display name (credentials.passkey.display_name): passkey sign-up is not offered",
    );
    return [];
  }
  const name = fields
    .map((field) => traitValue(traits, field.path))
    .find((value): value is string => typeof value === "string" && value !== "");
  const creation = await beginRegistration(deps, flow, "passkey", {
    handle: newUserHandle(),
    name: name ?? "",
    displayName: name ?? "",
    exclude: [],
  });
  return [
    inputNode({
      group: "passkey",
      name: "passkey_create_data",
      type: "hidden",
      value: JSON.stringify({
        credentialOptions: creation,
        displayNameFieldName: fields[0]!.name,
        displayNameFieldNames: fields.map((field) => field.name),
      }),
    }),
    inputNode({
      group: "passkey",
      name: "passkey_register_trigger",
      type: "button",
      onclick: "window.oryPasskeyRegistration()",
      onclickTrigger: "oryPasskeyRegistration",
      label: uiText(MessageId.signUpWithPasskey),
    }),
    webauthnScriptNode(deps),
    inputNode({ group: "passkey", name: "passkey_register", type: "hidden" }),
  ];
}

async function submitPasskeyRegistration(
  ctx: RequestCtx,
  flow: Flow,
  body: PasskeyRegistrationBody,
): Promise<RegistrationVerdict> {
  const { deps } = ctx;
  const schema = deps.defaultSchema;
  if (flow.type !== "browser" || !flow.payload.ui.nodes.some((n) => n.group === "passkey"))
    return refuse(ctx, flow, uiText(MessageId.registrationMethodNotFound));
  const { traits, errors } = schema.validate(body.traits);
  fillTraitValues(flow.payload.ui.nodes, schema, traits);
  if (errors.length > 0) {
    const messages = errors.map((error) => fieldMessage(error.field, error.message));
    return refused(flow, messages);
  }

  const pending = await takeChallenge(deps, flow, "passkey");
  let key: Awaited<ReturnType<typeof finishRegistration>>;
  try {
    if (!pending?.user_handle) throw new WebAuthnRefused("No registration is pending.");
    const response = parseResponse<RegistrationResponseJSON>(body.passkey_register ?? "");
    key = await finishRegistration(deps, "passkey", pending, response);
  } catch (error) {
    if (!(error instanceof WebAuthnRefused)) throw error;
    ctx.request.log.info({ reason: error.message }, "passkey registration refused");
    const reason = `Unable to create WebAuthn credential: ${error.message}`;
    return refuse(ctx, flow, uiText(MessageId.errorWithReason, { reason }), traits);
  }

  const locale = localeOf(ctx.request, body);
  const identity = newPasskeyIdentity(ctx, traits, {
    key,
    userHandle: pending.user_handle,
    locale,
  });
  const taken = (): Promise<RegistrationVerdict> =>
    refuse(ctx, flow, uiText(MessageId.accountExists), traits);
  if (await conflictsWithOtherIdentity(deps, identity)) return taken();
  return {
    result: "sign_up",
    identity,
    method: "passkey",
    sessionMethod: { method: "passkey" },
    verify: [identity.verifiable_addresses[0]?.value ?? ""],
    locale,
    verificationUrlForApps: true,
    ifTaken: taken,
  };
}

function newPasskeyIdentity(
  ctx: RequestCtx,
  traits: Record<string, unknown>,
  options: {
    key: Awaited<ReturnType<typeof finishRegistration>>;
    userHandle: string;
    locale: "de" | "en";
  },
): Identity {
  const now = ctx.deps.now();
  const identity: Identity = {
    id: crypto.randomUUID(),
    schema_id: ctx.deps.defaultSchema.id,
    state: "active",
    state_changed_at: now,
    traits: {},
    metadata_public: { locale: options.locale },
    metadata_admin: null,
    verifiable_addresses: [],
    recovery_addresses: [],
    credentials: [],
    created_at: now,
    updated_at: now,
  };
  applyTraits(identity, structuredClone(traits), ctx.deps.defaultSchema, now);
  const added = new Date(Math.round(now.getTime() / 1000) * 1000).toISOString();
  writeWebAuthnKeys(
    identity,
    "passkey",
    {
      user_handle: options.userHandle,
      credentials: [
        {
          ...options.key,
          // Kratos names no passkey made at sign-up; settings show it as "unnamed".
          display_name: "",
          added_at: added,
          is_passwordless: true,
        },
      ],
    },
    now,
  );
  return identity;
}

/**
 * A refused passkey: the message, and fresh passkey nodes when the ceremony's challenge was
 * used up (a second try needs a new one).
 */
async function refuse(
  ctx: RequestCtx,
  flow: Flow,
  message: UiText,
  traits?: Record<string, unknown>,
): Promise<RegistrationVerdict> {
  if (traits && flow.payload.ui.nodes.some((n) => n.group === "passkey")) {
    const fresh = await passkeyRegistrationNodes(ctx, flow, traits);
    const kept = flow.payload.ui.nodes.filter(
      (n) => n.group !== "passkey" && n.attributes.node_type !== "script",
    );
    flow.payload.ui.nodes = [...kept, ...fresh];
  }
  return refused(flow, [formMessage(message)]);
}

/** A refused submit, sorted as Kratos's error handler sorts it. */
function refused(flow: Flow, messages: readonly FlowMessage[]): RegistrationVerdict {
  flow.state = "choose_method";
  flow.internal.completed = false;
  return { result: "refused", messages, sortForm: true };
}
