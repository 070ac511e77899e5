import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import { completeLogin, issueLoginSession } from "../../flows/login/complete-login.ts";
import { linkPendingCredentials } from "../../hooks/link-credentials.ts";
import { writeAnswer } from "../../http/answer.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { oidcIdentifier } from "../../identity/oidc-credentials.ts";
import { findActiveSession } from "../../session/session-manager.ts";
import { uiText } from "../../ui/text.ts";
import { type FinishOptions, failOnFlow, type Via } from "./answer.ts";
import type { ProviderProfile } from "./clients.ts";
import { OidcError } from "./errors.ts";
import { registerWithProfile } from "./registration.ts";
import { finishLink } from "./settings.ts";

// Once the provider has said who signed in (callback, FedCM or an app's ID token): an account
// keyed on (issuer, subject) signs in, whether the flow was a login or a registration, as in
// Kratos; otherwise a new account is registered. Settings flows link the profile instead.

export async function finishWithProfile(
  ctx: Ctx,
  flow: Flow,
  profile: ProviderProfile,
  options: FinishOptions,
): Promise<void> {
  if (flow.kind === "settings") return finishLink(ctx, flow, profile);
  const identity = await ctx.deps.persistence.identities.findIdentityByIdentifier(
    "oidc",
    oidcIdentifier(profile.issuer, profile.subject),
  );
  if (identity) return signIn(ctx, flow, identity, profile, options.via);
  // Re-authenticating the signed-in account with a profile that belongs to no account.
  if (flow.payload.refresh === true)
    return failOnFlow(ctx, flow, new OidcError("account_mismatch"), options.via);
  return registerWithProfile(ctx, flow, profile, options);
}

async function signIn(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  profile: ProviderProfile,
  via: Via,
): Promise<void> {
  const { deps } = ctx;
  if (identity.state !== "active")
    return failOnFlow(ctx, flow, uiText(MessageId.accountDisabled), via);
  const active = await findActiveSession(deps, ctx.request);
  const refresh = flow.payload.refresh === true && active !== undefined;
  if (refresh && active.identity.id !== identity.id)
    return failOnFlow(ctx, flow, new OidcError("account_mismatch"), via);
  if ((await linkPendingCredentials(ctx, flow, identity)) === "mismatch")
    return failOnFlow(ctx, flow, new OidcError("account_mismatch"), via);

  delete flow.internal.oidcPending;
  const issued = await issueLoginSession(ctx, flow, identity, {
    method: "oidc",
    provider: profile.provider,
  });
  writeAnswer(
    ctx.reply,
    await completeLogin(ctx, flow, { identity, issued, inBrowser: via === "browser" }),
  );
}
