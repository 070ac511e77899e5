import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { afterRegistrationUrl } from "../../flows/registration/after-registration.ts";
import { storeRegistration } from "../../flows/registration/store-registration.ts";
import type { RegistrationStrategy } from "../../flows/registration/strategy.ts";
import { firstStep, registrationForm, sortRegistrationNodes } from "../../flows/registration/ui.ts";
import { putMessages } from "../../flows/verdict.ts";
import { completeWithSession } from "../../hooks/complete-with-session.ts";
import { localeOf } from "../../hooks/locale.ts";
import { writeAnswer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { respondWithFlow } from "../../http/respond.ts";
import { type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { applyTraits, conflictsWithOtherIdentity, traitValue } from "../../identity/traits.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import {
  addFieldMessage,
  addFlowMessage,
  csrfNode,
  setInputValue,
  submitNode,
  type UiNode,
} from "../../ui/nodes.ts";
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

export const codeRegistration: RegistrationStrategy = {
  method: "code",
  isEnabled: isPasswordlessCodeEnabled,
  isSubmit: (body) => optionalString(body, "method") === "code",
  submit: submitCodeRegistration,
};

async function submitCodeRegistration(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  flow.payload.active = "code";
  const resend = optionalString(body, "resend") === "code";
  if (flow.state === "sent_email" && !resend) return verifyRegistrationCode(ctx, flow, body);
  return sendRegistrationCode(ctx, flow, body);
}

function storedTraits(flow: Flow): Record<string, unknown> | undefined {
  return flow.internal.codeTraits;
}

function identifierOf(ctx: Ctx, traits: Record<string, unknown>): string {
  const schema = ctx.deps.defaultSchema;
  const field = schema.passwordIdentifierFields[0] ?? schema.verificationFields[0];
  const value = field ? traitValue(traits, field.path) : undefined;
  return typeof value === "string" ? normaliseIdentifier(value) : "";
}

async function sendRegistrationCode(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const { deps } = ctx;
  const submitted = body.traits ?? (flow.state === "sent_email" ? storedTraits(flow) : undefined);
  const { traits, errors } = deps.defaultSchema.validate(submitted);
  const address = identifierOf(ctx, traits);
  if (errors.length > 0 || !address) {
    // As Kratos: the form stays as it was, with the submitted traits and their messages.
    flow.state = "choose_method";
    fillTraitValues(flow.payload.ui.nodes, deps.defaultSchema, traits);
    for (const error of errors) addFieldMessage(flow.payload.ui, error.field, error.message);
    sortRegistrationNodes(deps, flow.payload.ui.nodes);
    await deps.persistence.flows.updateFlow(flow);
    return respondWithFlow(ctx, flow, 400);
  }
  await limitCodeEmails(deps, address);
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
    flow.state = "sent_email";
    flow.internal.address = address;
    flow.internal.codeTraits = traits;
    flow.internal.tries = 0;
    flow.payload.ui.nodes = registrationCodeNodes(ctx, flow.csrf_token, traits);
    addFlowMessage(flow.payload.ui, uiText(MessageId.registrationCodeSent));
    await tx.flows.updateFlow(flow);
    await sendPasswordlessCode(ctx.deps, tx, {
      kind: "registration",
      flowId: flow.id,
      address,
      identityId: null,
      locale: localeOf(ctx.request, body),
    });
  });
  // Kratos answers this step with 400 and the flow; browsers go back to the registration UI.
  await respondWithFlow(ctx, flow, 400);
}

async function verifyRegistrationCode(ctx: Ctx, flow: Flow, body: Body): Promise<void> {
  const { deps } = ctx;
  const traits = storedTraits(flow) ?? {};
  const accepted = await acceptSubmittedCode(ctx, flow, optionalString(body, "code"), {
    kind: "registration",
    wrongCode: uiText(MessageId.invalidRegistrationCode),
  });
  if ("refused" in accepted) {
    putMessages(flow.payload.ui, [accepted.refused]);
    return answer(ctx, flow);
  }
  const match = accepted.code;
  const identity = newCodeIdentity(ctx, traits, match.address, localeOf(ctx.request, body));
  // Like Kratos, a taken address shows only now, after the code (4000007, as for passwords).
  if (await conflictsWithOtherIdentity(deps, identity)) return duplicate(ctx, flow);
  const stored = await storeRegistration(ctx, flow, identity, {
    method: "code",
    sessionMethod: { method: "code" },
    inBrowser: flow.type === "browser",
  });
  if (stored === "duplicate") return duplicate(ctx, flow);
  const { issued } = stored;
  writeAnswer(
    ctx.reply,
    await completeWithSession(ctx, {
      flow,
      identity,
      issued,
      returnTo: afterRegistrationUrl(deps, flow.payload.return_to),
      includeIdentity: true,
    }),
  );
}

/** The new account: a `code` credential and the address the code reached, verified. */
function newCodeIdentity(
  ctx: Ctx,
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
  ctx: Ctx,
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

async function duplicate(ctx: Ctx, flow: Flow): Promise<void> {
  addFlowMessage(flow.payload.ui, uiText(MessageId.accountExists));
  flow.state = "choose_method";
  flow.internal.completed = false;
  flow.payload.ui.nodes = await registrationForm(
    ctx,
    flow,
    firstStep(ctx.deps),
    storedTraits(flow) ?? {},
  );
  return answer(ctx, flow);
}

/** A failed submit: 400 with the flow and the code field emptied. */
async function answer(ctx: Ctx, flow: Flow): Promise<void> {
  setInputValue(flow.payload.ui, "code", undefined);
  await ctx.deps.persistence.flows.updateFlow(flow);
  await respondWithFlow(ctx, flow, 400);
}
