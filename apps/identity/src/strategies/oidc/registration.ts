import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { OidcPending } from "../../flows/flow-state.ts";
import { uiUrl } from "../../flows/new-flow.ts";
import { afterRegistrationUrl } from "../../flows/registration/after-registration.ts";
import { createRegistrationFlow } from "../../flows/registration/registration-flow.ts";
import { storeRegistration } from "../../flows/registration/store-registration.ts";
import { oidcTraitsNodes } from "../../flows/registration/ui.ts";
import { startVerificationForAddress } from "../../flows/verification/verification-flow.ts";
import { completeWithSession } from "../../hooks/complete-with-session.ts";
import { localeOf } from "../../hooks/locale.ts";
import { loginChallengeOf } from "../../hooks/oauth2-login.ts";
import type { StartedVerification } from "../../hooks/registration-hooks.ts";
import { writeAnswer } from "../../http/answer.ts";
import { isPlainObject } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { addOidcLink } from "../../identity/oidc-credentials.ts";
import { applyTraits, traitValue } from "../../identity/traits.ts";
import { addFieldMessage } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import {
  continueInFlow,
  type FinishOptions,
  failOnFlow,
  nativeAppOf,
  showFlow,
  type Via,
} from "./answer.ts";
import type { ProviderProfile } from "./clients.ts";
import { OidcError } from "./errors.ts";
import { linkRequired, ownerOfAddresses } from "./link-required.ts";
import { mapClaimsToTraits } from "./mapper.ts";

// Registering with a social profile (Kratos's oidc registration): traits from the provider's
// claims through the mapper; what is missing or invalid is asked on the social register screen
// (the registration flow, group oidc) and finished by a submit with method=oidc; an email
// that belongs to another account leads to 4000027 and a login that links the profile. An
// address the provider verified starts verified; any other is verified by code.

export function pendingOf(flow: Flow): OidcPending | undefined {
  return flow.kind === "registration" ? flow.internal.oidcPending : undefined;
}

export async function registerWithProfile(
  ctx: Ctx,
  flow: Flow,
  profile: ProviderProfile,
  options: FinishOptions,
): Promise<void> {
  const { deps } = ctx;
  const { via } = options;
  const provider = deps.oidc.get(profile.provider)?.config;
  if (!provider) return failOnFlow(ctx, flow, new OidcError("provider_unknown"), via);
  if (!deps.config.selfservice.flows.registration.enabled)
    return failOnFlow(ctx, flow, uiText(MessageId.registrationMethodNotFound), via, provider.label);

  // An app's flow that came back in the browser continues in a browser flow there.
  const keep = flow.kind === "registration" && !(flow.type === "api" && via === "browser");
  const target = keep ? flow : await registrationFrom(ctx, flow, via);
  const schema = deps.defaultSchema;
  const fromProvider = mapClaimsToTraits(provider.mapper, profile.claims);
  // What the provider vouches for wins over what was typed.
  const { traits, errors } = schema.validate(merge(options.traits ?? {}, fromProvider));
  if (errors.length > 0) {
    const invalidFromProvider = new Set(schema.validate(fromProvider).errors.map((e) => e.field));
    const ask = new Set(
      schema.fields
        .filter(
          (f) => traitValue(fromProvider, f.path) === undefined || invalidFromProvider.has(f.name),
        )
        .map((f) => f.name),
    );
    target.internal.oidcPending = { provider: profile.provider, profile } satisfies OidcPending;
    target.payload.active = "oidc";
    target.state = "choose_method";
    target.payload.ui.nodes = oidcTraitsNodes(deps, target.csrf_token, {
      traits,
      ask,
      provider: { id: provider.id, label: provider.label },
    });
    for (const error of errors) addFieldMessage(target.payload.ui, error.field, error.message);
    await deps.persistence.flows.updateFlow(target);
    return target === flow ? showFlow(ctx, target, via) : continueInFlow(ctx, target, via);
  }

  const identity = newIdentity(ctx, traits, profile);
  const taken = await ownerOfAddresses(ctx, identity);
  if (taken) return linkRequired(ctx, target, taken, profile, via);
  await createAndSignIn(ctx, target, identity, profile, via);
}

async function createAndSignIn(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  profile: ProviderProfile,
  via: Via,
): Promise<void> {
  const { deps } = ctx;
  const verificationEnabled = deps.config.selfservice.flows.verification.enabled;
  const unverified = identity.verifiable_addresses.filter((a) => !a.verified).map((a) => a.value);
  const locale = localeOf(ctx.request, undefined, identity);
  const native = flow.internal.nativeApp !== undefined || flow.type === "api";
  const stored = await storeRegistration(ctx, flow, identity, {
    method: "oidc",
    sessionMethod: { method: "oidc", provider: profile.provider },
    inBrowser: flow.type === "browser" && !native,
    alsoInTransaction: async (tx) => {
      const verifications: StartedVerification[] = [];
      for (const address of verificationEnabled ? unverified : []) {
        const verification = await startVerificationForAddress(ctx, tx, {
          type: native ? "api" : flow.type,
          identity,
          address,
          returnTo: flow.internal.afterVerificationReturnTo ?? flow.payload.return_to,
          locale,
        });
        // An app shows the verification itself: no UI to send it to.
        const url = native ? undefined : uiUrl(deps, "verification", verification.id);
        verifications.push({ id: verification.id, address, ...(url ? { url } : {}) });
      }
      delete flow.internal.oidcPending;
      return verifications;
    },
  });
  if (stored === "duplicate") {
    // Another registration took the address or the profile first.
    const taken = await ownerOfAddresses(ctx, identity);
    if (taken) return linkRequired(ctx, flow, taken, profile, via);
    return failOnFlow(ctx, flow, uiText(MessageId.accountExists), via);
  }
  writeAnswer(
    ctx.reply,
    await completeWithSession(ctx, {
      flow,
      identity,
      issued: stored.issued,
      returnTo: afterRegistrationUrl(deps, flow.payload.return_to),
      includeIdentity: true,
      inBrowser: via === "browser",
      ...(stored.continueWith.length > 0 ? { continueWith: stored.continueWith } : {}),
      ...(stored.browserTarget ? { browserTarget: stored.browserTarget } : {}),
    }),
  );
}

/** The new identity: traits and addresses as the schema derives them, and the social link. */
function newIdentity(
  ctx: Ctx,
  traits: Record<string, unknown>,
  profile: ProviderProfile,
): Identity {
  const { deps } = ctx;
  const now = deps.now();
  const identity: Identity = {
    id: crypto.randomUUID(),
    schema_id: deps.defaultSchema.id,
    state: "active",
    state_changed_at: now,
    traits: {},
    metadata_public: { locale: localeOf(ctx.request) },
    metadata_admin: null,
    verifiable_addresses: [],
    recovery_addresses: [],
    credentials: [],
    created_at: now,
    updated_at: now,
  };
  applyTraits(identity, traits, deps.defaultSchema, now);
  addOidcLink(
    identity,
    { provider: profile.provider, issuer: profile.issuer, subject: profile.subject },
    now,
  );
  // Only the address the provider itself verified counts as verified.
  const email = profile.claims.email;
  const verifiedEmail =
    profile.claims.email_verified === true && typeof email === "string"
      ? normaliseIdentifier(email)
      : undefined;
  for (const address of identity.verifiable_addresses) {
    if (address.value !== verifiedEmail) continue;
    address.verified = true;
    address.status = "completed";
    address.verified_at = now;
  }
  return identity;
}

/** A registration flow continuing a login whose profile has no account yet (or an app's). */
async function registrationFrom(ctx: Ctx, from: Flow, via: Via): Promise<Flow> {
  const flow = await createRegistrationFlow(ctx, {
    type: via === "browser" ? "browser" : from.type,
    returnTo: from.payload.return_to,
    afterVerificationReturnTo: from.internal.afterVerificationReturnTo,
    exchange: false,
    loginChallenge: loginChallengeOf(from),
  });
  const native = nativeAppOf(ctx, from, via);
  if (native) flow.internal.nativeApp = native;
  return flow;
}

function merge(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(base);
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] =
      isPlainObject(current) && isPlainObject(value)
        ? merge(current, value)
        : structuredClone(value);
  }
  return out;
}
