import { runHooks } from "../../hooks/hook-executor.ts";
import type {
  RegistrationHookInput,
  RegistrationOutcome,
  StartedVerification,
} from "../../hooks/registration-hooks.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { isDuplicateKey } from "../../persistence/errors.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { noteSignUp } from "../../security/sign-in.ts";
import type { Flow } from "../flow.ts";

export interface StoreRegistrationOptions {
  /** The method signing up: its `after` hooks run (`session`, `show_verification_ui`). */
  method: RegistrationHookInput["method"];
  /** What the new session records as its first factor. */
  sessionMethod: RegistrationHookInput["sessionMethod"];
  /** Whether the session goes to a browser cookie (not to a native app). */
  inBrowser: boolean;
  /**
   * More writes that must land with the identity (flow state, verification flows); returns
   * the verification flows it started, for `show_verification_ui`.
   */
  alsoInTransaction?: (tx: Persistence) => Promise<readonly StartedVerification[] | undefined>;
}

/**
 * The end every sign-up method shares: the identity and the passed flow in one transaction,
 * then the method's hooks (hooks/hook-executor.ts), which issue the session and say where the
 * client goes next. "duplicate" means another registration took the address first (the unique
 * index decides a race).
 */
export async function storeRegistration(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  options: StoreRegistrationOptions,
): Promise<RegistrationOutcome | "duplicate"> {
  const { deps } = ctx;
  const { method, inBrowser } = options;
  await runHooks(ctx, "registrationBefore", { method, inBrowser });
  let verifications: readonly StartedVerification[] = [];
  try {
    await deps.persistence.transaction(async (tx) => {
      await tx.identities.createIdentity(identity);
      verifications = (await options.alsoInTransaction?.(tx)) ?? [];
      flow.state = "passed_challenge";
      flow.internal.completed = true;
      flow.identity_id = identity.id;
      await tx.flows.updateFlow(flow);
    });
  } catch (error) {
    if (isDuplicateKey(error)) return "duplicate";
    throw error;
  }
  await noteSignUp(ctx, identity, inBrowser ? "browser" : flow.type);
  const outcome: RegistrationOutcome = { issued: undefined, continueWith: [] };
  await runHooks(ctx, "registration", {
    method,
    identity,
    inBrowser,
    sessionMethod: options.sessionMethod,
    verifications,
    outcome,
  });
  return outcome;
}
