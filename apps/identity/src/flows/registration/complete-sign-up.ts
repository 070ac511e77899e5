import { completeWithSession } from "../../hooks/complete-with-session.ts";
import type { StartedVerification } from "../../hooks/registration-hooks.ts";
import type { Answer } from "../../http/answer.ts";
import type { Ctx } from "../../http/context.ts";
import type { Flow } from "../flow.ts";
import { uiUrl } from "../new-flow.ts";
import { startVerificationForAddress } from "../verification/verification-flow.ts";
import { afterRegistrationUrl } from "./after-registration.ts";
import { storeRegistration } from "./store-registration.ts";
import type { SignUp } from "./strategy.ts";

/**
 * The new account, with the flow passed and a verification flow for each address it still has
 * to verify, in one transaction (store-registration.ts); then the method's `after` hooks, and
 * the answer with the session and, when show_verification_ui ran, the verification UI in
 * continue_with. An app's flow that finished in the browser (social sign-in) verifies as an
 * app does. Undefined when another sign-up took an address first (the unique index decides).
 */
export async function completeSignUp(
  ctx: Ctx,
  flow: Flow,
  signUp: Omit<SignUp, "result" | "ifTaken">,
): Promise<Answer | undefined> {
  const { deps } = ctx;
  const { identity } = signUp;
  const verificationOn = deps.config.selfservice.flows.verification.enabled;
  const native = flow.internal.nativeApp !== undefined || flow.type === "api";
  const stored = await storeRegistration(ctx, flow, identity, {
    method: signUp.method,
    sessionMethod: signUp.sessionMethod,
    inBrowser: flow.type === "browser" && !native,
    alsoInTransaction: async (tx) => {
      const verifications: StartedVerification[] = [];
      for (const address of verificationOn ? signUp.verify : []) {
        const verification = await startVerificationForAddress(ctx, tx, {
          type: native ? "api" : flow.type,
          identity,
          address,
          returnTo: flow.internal.afterVerificationReturnTo ?? flow.payload.return_to,
          locale: signUp.locale,
        });
        const url =
          native && !signUp.verificationUrlForApps
            ? undefined
            : uiUrl(deps, "verification", verification.id);
        verifications.push({ id: verification.id, address, ...(url ? { url } : {}) });
      }
      delete flow.internal.oidcPending;
      return verifications;
    },
  });
  if (stored === "duplicate") return undefined;
  return completeWithSession(ctx, {
    flow,
    identity,
    issued: stored.issued,
    returnTo: afterRegistrationUrl(deps, flow.payload.return_to),
    includeIdentity: true,
    ...(signUp.inBrowser ? { inBrowser: true } : {}),
    ...(stored.continueWith.length > 0 ? { continueWith: stored.continueWith } : {}),
    ...(stored.browserTarget ? { browserTarget: stored.browserTarget } : {}),
  });
}
