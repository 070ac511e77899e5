import type { Flow } from "../../flow/flow.ts";
import type { Ctx } from "../../http/context.ts";
import { rotateCsrfSecret } from "../../http/cookies.ts";
import type { Identity } from "../../identity/identity.ts";
import { isDuplicateKey } from "../../persistence/errors.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { noteSignUp } from "../../security/sign-in.ts";
import { createSession, type IssuedSession } from "../../session/session-manager.ts";

export interface StoreRegistrationOptions {
  /** The method's `after` hooks (`session`, `show_verification_ui`). */
  hooks: readonly string[];
  /** What the new session records as its first factor. */
  sessionMethod: Parameters<typeof createSession>[2];
  /** Whether the session goes to a browser cookie (not to a native app). */
  inBrowser: boolean;
  /** More writes that must land with the identity (verification flows, flow state). */
  alsoInTransaction?: (tx: Persistence) => Promise<void>;
}

/**
 * The end every sign-up method shares: the identity and the passed flow in one transaction,
 * then the session when the hooks ask for one. "duplicate" means another registration took the
 * address first (the unique index decides a race).
 */
export async function storeRegistration(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  options: StoreRegistrationOptions,
): Promise<{ issued: IssuedSession | undefined } | "duplicate"> {
  const { deps } = ctx;
  const issuesSession = options.hooks.includes("session");
  // The session about to be issued rotates the CSRF secret; rotating first lets flows created
  // in the transaction (verification) carry a token that matches the new cookie.
  if (options.inBrowser && issuesSession) rotateCsrfSecret(ctx.request, ctx.reply, deps.config);
  try {
    await deps.persistence.transaction(async (tx) => {
      await tx.identities.createIdentity(identity);
      await options.alsoInTransaction?.(tx);
      flow.state = "passed_challenge";
      flow.internal.completed = true;
      flow.identity_id = identity.id;
      await tx.flows.updateFlow(flow);
    });
  } catch (error) {
    if (isDuplicateKey(error)) return "duplicate";
    throw error;
  }
  await noteSignUp(ctx, identity, options.inBrowser ? "browser" : flow.type);
  const issued = issuesSession
    ? await createSession(deps, identity, options.sessionMethod, ctx.request)
    : undefined;
  return { issued };
}
