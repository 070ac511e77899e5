import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type {
  RegistrationStrategy,
  RegistrationVerdict,
} from "../../flows/registration/strategy.ts";
import { firstStep, registrationForm } from "../../flows/registration/ui.ts";
import { type FlowMessage, fieldMessage, formMessage } from "../../flows/verdict.ts";
import { localeOf } from "../../hooks/locale.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import { type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { applyTraits, conflictsWithOtherIdentity, traitValue } from "../../identity/traits.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import { csrfNode, setInputValue, submitNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { fillTraitValues, traitNodes } from "../../ui/trait-nodes.ts";
import { acceptSubmittedCode } from "./check-code.ts";
import { codeEntryNodes } from "./code-nodes.ts";
import { isPasswordlessCodeEnabled } from "./passwordless.ts";
import { sendPasswordlessCode } from "./send-code.ts";

// Passwordless sign-up by email code (Kratos's code strategy, registration part). The first
// submit (`method=code` + traits) validates the traits and emails a code; the second (`code`)
// creates the identity with its address already verified and signs in. The traits are kept on
// the flow between the two, so a changed form cannot swap the address the code went to.

const fields = {
  method: "string",
  resend: "string",
  traits: "value",
  code: "string",
  transient_payload: "value",
} as const;
type CodeRegistrationBody = BodyOf<typeof fields>;

export const codeRegistration: RegistrationStrategy<CodeRegistrationBody> = {
  method: "code",
  isEnabled: isPasswordlessCodeEnabled,
  isSubmit: (body) => body.method === "code",
  body: bodySchema(fields, { kratos: "updateRegistrationFlowWithCodeMethod" }),
  async submit(ctx, flow, body) {
    flow.payload.active = "code";
    const resend = body.resend === "code";
    if (flow.state === "sent_email" && !resend) return verifyRegistrationCode(ctx, flow, body);
    return sendRegistrationCode(ctx, flow, body);
  },
};

function storedTraits(flow: Flow): Record<string, unknown> | undefined {
  return flow.internal.codeTraits;
}

function identifierOf(ctx: RequestCtx, traits: Record<string, unknown>): string {
  const schema = ctx.deps.defaultSchema;
  const field = schema.passwordIdentifierFields[0] ?? schema.verificationFields[0];
  const value = field ? traitValue(traits, field.path) : undefined;
  return typeof value === "string" ? normaliseIdentifier(value) : "";
}

async function sendRegistrationCode(
  ctx: RequestCtx,
  flow: Flow,
  body: CodeRegistrationBody,
): Promise<RegistrationVerdict> {
  const { deps } = ctx;
  const submitted = body.traits ?? (flow.state === "sent_email" ? storedTraits(flow) : undefined);
  const { traits, errors } = deps.defaultSchema.validate(submitted);
  const address = identifierOf(ctx, traits);
  if (errors.length > 0 || !address) {
    // As Kratos: the form stays as it was, with the submitted traits and their messages.
    flow.state = "choose_method";
    fillTraitValues(flow.payload.ui.nodes, deps.defaultSchema, traits);
    const messages = errors.map((error) => fieldMessage(error.field, error.message));
    return { result: "refused", messages, sortForm: true };
  }
  await limitCodeEmails(deps, address);
  flow.state = "sent_email";
  flow.internal.address = address;
  flow.internal.codeTraits = traits;
  flow.internal.tries = 0;
  flow.payload.ui.nodes = registrationCodeNodes(ctx, flow.csrf_token, traits);
  const locale = localeOf(ctx.request, body);
  return {
    result: "next_step",
    messages: [formMessage(uiText(MessageId.registrationCodeSent))],
    alsoInTransaction: async (tx) => {
      await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
      await sendPasswordlessCode(deps, tx, {
        kind: "registration",
        flowId: flow.id,
        address,
        identityId: null,
        locale,
      });
    },
  };
}

async function verifyRegistrationCode(
  ctx: RequestCtx,
  flow: Flow,
  body: CodeRegistrationBody,
): Promise<RegistrationVerdict> {
  const { deps } = ctx;
  const traits = storedTraits(flow) ?? {};
  const accepted = await acceptSubmittedCode(ctx, flow, body.code, {
    kind: "registration",
    wrongCode: uiText(MessageId.invalidRegistrationCode),
  });
  if ("refused" in accepted) return refuse(flow, [accepted.refused]);
  const match = accepted.code;
  const identity = newCodeIdentity(ctx, traits, match.address, localeOf(ctx.request, body));
  // Like Kratos, a taken address shows only now, after the code (4000007, as for passwords).
  if (await conflictsWithOtherIdentity(deps, identity)) return taken(ctx, flow);
  return {
    result: "sign_up",
    identity,
    method: "code",
    sessionMethod: { method: "code" },
    // The code proved the address: nothing left to verify.
    verify: [],
    locale: localeOf(ctx.request, body),
    verificationUrlForApps: true,
    ifTaken: () => taken(ctx, flow),
  };
}

/** The new account: a `code` credential and the address the code reached, verified. */
function newCodeIdentity(
  ctx: RequestCtx,
  traits: Record<string, unknown>,
  address: string,
  locale: "de" | "en",
): Identity {
  const now = ctx.deps.now();
  const identity: Identity = {
    id: crypto.randomUUID(),
    schema_id: ctx.deps.defaultSchema.id,
    state: "active",
    state_changed_at: now,
    traits: {},
    metadata_public: { locale },
    metadata_admin: null,
    verifiable_addresses: [],
    recovery_addresses: [],
    credentials: [
      {
        id: crypto.randomUUID(),
        type: "code",
        identifiers: [address],
        config: { addresses: [{ channel: "email", address }] },
        version: 0,
        created_at: now,
        updated_at: now,
      },
    ],
    created_at: now,
    updated_at: now,
  };
  applyTraits(identity, structuredClone(traits), ctx.deps.defaultSchema, now);
  for (const verifiable of identity.verifiable_addresses) {
    if (verifiable.value !== address) continue;
    Object.assign(verifiable, { verified: true, status: "completed", verified_at: now });
  }
  return identity;
}

/**
 * The code step: the traits kept as hidden fields, the code, continue and resend, and with
 * profile_first a way back to the credential choice (Kratos's `screen=credential-selection`).
 */
function registrationCodeNodes(
  ctx: RequestCtx,
  csrfToken: string,
  traits: Record<string, unknown>,
): UiNode[] {
  const twoSteps = ctx.deps.config.selfservice.flows.registration.style === "profile_first";
  return [
    csrfNode(csrfToken),
    ...traitNodes(ctx.deps.defaultSchema, traits, { group: "default", hidden: true }),
    ...codeEntryNodes(MessageId.registrationCode),
    ...(twoSteps
      ? [
          submitNode(
            "profile",
            "screen",
            "credential-selection",
            uiText(MessageId.backToSignUpStep),
          ),
        ]
      : []),
  ];
}

/** 4000007: back to the first step with the traits the code was sent for. */
async function taken(ctx: RequestCtx, flow: Flow): Promise<RegistrationVerdict> {
  flow.state = "choose_method";
  flow.internal.completed = false;
  flow.payload.ui.nodes = await registrationForm(
    ctx,
    flow,
    firstStep(ctx.deps),
    storedTraits(flow) ?? {},
  );
  return refuse(flow, [formMessage(uiText(MessageId.accountExists))]);
}

/** A refused submit: the code field emptied. */
function refuse(flow: Flow, messages: readonly FlowMessage[]): RegistrationVerdict {
  setInputValue(flow.payload.ui, "code", undefined);
  return { result: "refused", messages };
}
