import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { OidcPending } from "../../flows/flow-state.ts";
import type { SocialOutcome, SocialProfile, Via } from "../../flows/social/strategy.ts";
import { fieldMessage } from "../../flows/verdict.ts";
import { localeOf } from "../../hooks/locale.ts";
import { isPlainObject } from "../../http/body.ts";
import type { RequestCtx } from "../../http/context.ts";
import { type Identity, normaliseIdentifier } from "../../identity/identity.ts";
import { addOidcLink } from "../../identity/oidc-credentials.ts";
import { applyTraits, traitValue } from "../../identity/traits.ts";
import { uiText } from "../../ui/text.ts";
import { OidcError } from "./errors.ts";
import { linkRequired, ownerOfAddresses } from "./link-required.ts";
import { mapClaimsToTraits } from "./mapper.ts";
import { refusal } from "./refusal.ts";

// Registering with a social profile (Kratos's oidc registration): traits from the provider's
// claims through the mapper; what is missing or invalid is asked on the social register screen
// (the registration flow, group oidc) and finished by a submit with method=oidc; an email
// that belongs to another account leads to 4000027 and a login that links the profile. An
// address the provider verified starts verified; any other is verified by code.

export function pendingOf(flow: Flow): OidcPending | undefined {
  return flow.kind === "registration" ? flow.internal.oidcPending : undefined;
}

/** What a profile that no account holds comes to: a new account, or what is still needed. */
export async function registrationOutcome(
  ctx: RequestCtx,
  profile: SocialProfile,
  options: { via: Via; traits?: Record<string, unknown> | undefined },
): Promise<SocialOutcome> {
  const { deps } = ctx;
  const provider = deps.oidc.get(profile.provider)?.config;
  if (!provider) return refusal(ctx, new OidcError("provider_unknown"));
  if (!deps.config.selfservice.flows.registration.enabled)
    return refusal(ctx, uiText(MessageId.registrationMethodNotFound), provider.label);

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
    return {
      result: "ask_traits",
      pending: { provider: profile.provider, profile },
      traits,
      ask,
      provider: { id: provider.id, label: provider.label },
      messages: errors.map((error) => fieldMessage(error.field, error.message)),
    };
  }

  const identity = newIdentity(ctx, traits, profile);
  const taken = await ownerOfAddresses(ctx, identity);
  if (taken) return linkRequired(ctx, taken, profile);
  return {
    result: "sign_up",
    identity,
    provider: profile.provider,
    // Another registration took the address or the profile first.
    ifTaken: async () => {
      const owner = await ownerOfAddresses(ctx, identity);
      if (owner) return linkRequired(ctx, owner, profile);
      return refusal(ctx, uiText(MessageId.accountExists));
    },
  };
}

/** The new identity: traits and addresses as the schema derives them, and the social link. */
function newIdentity(
  ctx: RequestCtx,
  traits: Record<string, unknown>,
  profile: SocialProfile,
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
