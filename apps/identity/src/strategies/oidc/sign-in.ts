import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { SocialOutcome, SocialProfile, Via } from "../../flows/social/strategy.ts";
import { linkPendingCredentials } from "../../hooks/link-credentials.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { oidcIdentifier } from "../../identity/oidc-credentials.ts";
import { findActiveSession } from "../../session/session-manager.ts";
import { uiText } from "../../ui/text.ts";
import { OidcError } from "./errors.ts";
import { refusal } from "./refusal.ts";
import { registrationOutcome } from "./registration.ts";

// Once the provider has said who signed in (callback, FedCM or an app's ID token): an account
// keyed on (issuer, subject) signs in, whether the flow was a login or a registration, as in
// Kratos; otherwise a new account is registered. (Settings flows link the profile: settings.ts.)

export async function signInWithProfile(
  ctx: RequestCtx,
  flow: Flow,
  profile: SocialProfile,
  options: { via: Via; traits?: Record<string, unknown> | undefined },
): Promise<SocialOutcome> {
  const identity = await ctx.deps.persistence.identities.findIdentityByIdentifier(
    "oidc",
    oidcIdentifier(profile.issuer, profile.subject),
  );
  if (identity) return signIn(ctx, flow, identity, profile);
  // Re-authenticating the signed-in account with a profile that belongs to no account.
  if (flow.payload.refresh === true) return refusal(ctx, new OidcError("account_mismatch"));
  return registrationOutcome(ctx, profile, options);
}

async function signIn(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
  profile: SocialProfile,
): Promise<SocialOutcome> {
  if (identity.state !== "active") return refusal(ctx, uiText(MessageId.accountDisabled));
  const active = await findActiveSession(ctx.deps, ctx.request);
  const refresh = flow.payload.refresh === true && active !== undefined;
  if (refresh && active.identity.id !== identity.id)
    return refusal(ctx, new OidcError("account_mismatch"));
  if ((await linkPendingCredentials(ctx, flow, identity)) === "mismatch")
    return refusal(ctx, new OidcError("account_mismatch"));
  return { result: "signed_in", identity, provider: profile.provider };
}
