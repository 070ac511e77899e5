import { completeWithSession } from "../../hooks/complete-with-session.ts";
import { writeAnswer } from "../../http/answer.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Flow } from "../flow.ts";
import { uiUrl } from "../new-flow.ts";
import { startVerificationForAddress } from "../verification/verification-flow.ts";
import { afterRegistrationUrl } from "./after-registration.ts";
import { storeRegistration } from "./store-registration.ts";

// The end of a sign-up whose address still needs verifying (password, passkey): the identity
// with a verification flow for its address (Kratos's implicit verification hook, which emails
// the code), the method's `after` hooks, then the answer with the session and, when the
// show_verification_ui hook ran, the verification UI in continue_with.

export async function completeRegistration(
  ctx: Ctx,
  flow: Flow,
  identity: Identity,
  options: {
    /** The method's id: the session's amr, and whose `after` hooks run. */
    method: "password" | "passkey";
    /** The address the verification email goes to. */
    address: string;
    locale: "de" | "en";
  },
): Promise<"duplicate" | undefined> {
  const { deps } = ctx;
  const verificationOn = deps.config.selfservice.flows.verification.enabled;
  const stored = await storeRegistration(ctx, flow, identity, {
    method: options.method,
    sessionMethod: { method: options.method },
    inBrowser: flow.type === "browser",
    alsoInTransaction: async (tx) => {
      if (!verificationOn) return undefined;
      const verification = await startVerificationForAddress(ctx, tx, {
        type: flow.type,
        identity,
        address: options.address,
        returnTo: flow.internal.afterVerificationReturnTo ?? flow.payload.return_to,
        locale: options.locale,
      });
      const url = uiUrl(deps, "verification", verification.id);
      return [{ id: verification.id, address: options.address, url }];
    },
  });
  // Two registrations racing for one address: the unique index decides, the loser sees 4000007.
  if (stored === "duplicate") return "duplicate";
  writeAnswer(
    ctx.reply,
    await completeWithSession(ctx, {
      flow,
      identity,
      issued: stored.issued,
      returnTo: afterRegistrationUrl(deps, flow.payload.return_to),
      includeIdentity: true,
      ...(stored.continueWith.length > 0 ? { continueWith: stored.continueWith } : {}),
      ...(stored.browserTarget ? { browserTarget: stored.browserTarget } : {}),
    }),
  );
  return undefined;
}
