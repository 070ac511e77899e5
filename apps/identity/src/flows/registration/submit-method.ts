import { completeWithSession } from "../../hooks/complete-with-session.ts";
import type { StartedVerification } from "../../hooks/registration-hooks.ts";
import { type Answer, alreadySent } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Flow } from "../flow.ts";
import { answerWithFlow } from "../flow-answer.ts";
import { uiUrl } from "../new-flow.ts";
import { putMessages } from "../verdict.ts";
import { startVerificationForAddress } from "../verification/verification-flow.ts";
import { afterRegistrationUrl } from "./after-registration.ts";
import { storeRegistration } from "./store-registration.ts";
import type { RegistrationStrategy, RegistrationVerdict, SignUp } from "./strategy.ts";
import { sortRegistrationNodes } from "./ui.ts";

// A sign-up method's submit, for every method alike (docs/protocol.md#registration-outcomes): its
// body is parsed, the method says what happened, and this step stores a new account or puts
// the messages on the form, saves the flow once and answers once.

export async function submitRegistrationMethod(
  ctx: Ctx,
  flow: Flow,
  strategy: RegistrationStrategy,
  raw: Body,
): Promise<Answer> {
  const body = strategy.body.parse(raw);
  return answerRegistrationVerdict(ctx, flow, await strategy.submit(ctx, flow, body));
}

export async function answerRegistrationVerdict(
  ctx: Ctx,
  flow: Flow,
  verdict: RegistrationVerdict,
): Promise<Answer> {
  const { deps } = ctx;
  switch (verdict.result) {
    case "sign_up":
      return completeSignUp(ctx, flow, verdict);
    case "refused":
      putMessages(flow.payload.ui, verdict.messages);
      if (verdict.sortForm) sortRegistrationNodes(deps, flow.payload.ui.nodes);
      await deps.persistence.flows.updateFlow(flow);
      return answerWithFlow(ctx, flow, 400);
    case "next_step": {
      putMessages(flow.payload.ui, verdict.messages);
      const { alsoInTransaction } = verdict;
      if (alsoInTransaction) {
        await deps.persistence.transaction(async (tx) => {
          await alsoInTransaction(tx);
          await tx.flows.updateFlow(flow);
        });
      } else await deps.persistence.flows.updateFlow(flow);
      // Kratos answers a step with 400 and the flow; browsers go back to the registration UI.
      return answerWithFlow(ctx, flow, 400);
    }
    case "answered":
      return alreadySent;
  }
}

/**
 * The new account, with the flow passed and a verification flow for each address it still has
 * to verify, in one transaction (store-registration.ts); then the method's `after` hooks, and
 * the answer with the session and, when show_verification_ui ran, the verification UI in
 * continue_with. An app's flow that finished in the browser (social sign-in) verifies as an
 * app does.
 */
async function completeSignUp(ctx: Ctx, flow: Flow, signUp: SignUp): Promise<Answer> {
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
  // Two registrations racing for one address: the unique index decides, the loser is told.
  if (stored === "duplicate") return answerRegistrationVerdict(ctx, flow, await signUp.ifTaken());
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
