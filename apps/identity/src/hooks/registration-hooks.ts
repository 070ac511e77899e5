import type { Ctx } from "../http/context.ts";
import { rotateCsrfSecret } from "../http/cookies.ts";
import type { Identity } from "../identity/identity.ts";
import { createSession, type IssuedSession } from "../session/session-manager.ts";

// The hooks a sign-up runs once its identity is stored (Kratos's `session` and
// `show_verification_ui`): each adds to the outcome the registration then answers with.

/** A verification flow the sign-up started for an unverified address. */
export interface StartedVerification {
  id: string;
  address: string;
  /** The verification UI; none when an app shows the flow itself. */
  url?: string;
}

/** What a sign-up answers with: the session, if any, and where the client goes next. */
export interface RegistrationOutcome {
  issued: IssuedSession | undefined;
  continueWith: Record<string, unknown>[];
  browserTarget?: string;
}

export interface RegistrationHookInput {
  method: "password" | "oidc" | "code" | "passkey";
  identity: Identity;
  /** The session goes to a browser cookie (not to a native app). */
  inBrowser: boolean;
  /** What the new session records as its first factor. */
  sessionMethod: Parameters<typeof createSession>[2];
  verifications: readonly StartedVerification[];
  outcome: RegistrationOutcome;
}

/**
 * `session`, before the identity is stored: the session about to be issued rotates the CSRF
 * secret, and rotating first lets flows created with the identity (verification) carry a token
 * that matches the new cookie.
 */
export function rotateCsrfForSession(ctx: Ctx, input: { inBrowser: boolean }): undefined {
  if (input.inBrowser) rotateCsrfSecret(ctx.request, ctx.reply, ctx.deps.config);
  return undefined;
}

/** `session`, once the identity is stored: the new account is signed in. */
export async function issueRegistrationSession(
  ctx: Ctx,
  input: RegistrationHookInput,
): Promise<undefined> {
  input.outcome.issued = await createSession(
    ctx.deps,
    input.identity,
    input.sessionMethod,
    ctx.request,
  );
  return undefined;
}

/** `show_verification_ui`: the client goes on to verify the first unverified address. */
export function showVerificationUi(_ctx: Ctx, input: RegistrationHookInput): undefined {
  const shown = input.verifications[0];
  if (!shown) return undefined;
  input.outcome.continueWith.push({
    action: "show_verification_ui",
    flow: {
      id: shown.id,
      verifiable_address: shown.address,
      ...(shown.url ? { url: shown.url } : {}),
    },
  });
  if (shown.url) input.outcome.browserTarget = shown.url;
  return undefined;
}
