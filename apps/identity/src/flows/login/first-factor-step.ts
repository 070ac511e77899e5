import type { Answer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { recordFailedSignIn } from "../../limits/failed-sign-ins.ts";
import {
  clearLoginFailures,
  recordLoginFailure,
  throttleLogin,
} from "../../limits/login-throttle.ts";
import type { Flow } from "../flow.ts";
import { answerRedirect, saveAndAnswerWithFlow } from "../flow-answer.ts";
import { answerSocialOutcome } from "../social/answer-social.ts";
import { completeLogin, issueLoginSession } from "./complete-login.ts";
import type { LoginStrategy, LoginVerdict } from "./strategy.ts";

// A first factor's submit, for every method alike: its body is parsed, the login throttle
// holds back an identifier with too many failures (limits/login-throttle.ts), the method says
// what happened, and this step puts the messages on the form, saves the flow once and answers
// once (docs/protocol.md#login-outcomes). Wrong credentials count per identifier, registered
// or not, so the counter tells nobody which addresses have accounts.

export async function submitFirstFactor(
  ctx: Ctx,
  flow: Flow,
  strategy: LoginStrategy,
  raw: Body,
): Promise<Answer> {
  const { deps } = ctx;
  const body = strategy.body.parse(raw);
  flow.payload.active = strategy.method;
  const throttleKey = strategy.throttleKey?.(body);
  const failures = throttleKey === undefined ? 0 : await throttleLogin(deps, throttleKey);
  const verdict = await strategy.submit(ctx, flow, body);
  if (throttleKey !== undefined) {
    if (verdict.result === "refused" && verdict.wrongCredentials) {
      await recordLoginFailure(deps, throttleKey);
      await recordFailedSignIn(deps, ctx.request, throttleKey);
    } else if (failures > 0) {
      // The credentials were right: nothing left to hold back (nothing to clear, one query
      // less per sign-in, when no failure was counted before).
      await clearLoginFailures(deps, throttleKey);
    }
  }
  return answerLoginVerdict(ctx, flow, verdict);
}

/** Saves the flow as the verdict leaves it and answers, once. */
export async function answerLoginVerdict(
  ctx: Ctx,
  flow: Flow,
  verdict: LoginVerdict,
): Promise<Answer> {
  switch (verdict.result) {
    case "signed_in": {
      const issued = await issueLoginSession(ctx, flow, verdict.identity, verdict.factor);
      return completeLogin(ctx, flow, {
        identity: verdict.identity,
        issued,
        inBrowser: verdict.inBrowser,
      });
    }
    case "refused":
      return saveAndAnswerWithFlow(ctx, flow, verdict.messages, { status: 400 });
    case "next_step":
      // Kratos answers a step with 400 and the flow; browsers go back to the login UI.
      return saveAndAnswerWithFlow(ctx, flow, verdict.messages, {
        status: 400,
        alsoInTransaction: verdict.alsoInTransaction,
      });
    case "redirect":
      return answerRedirect(ctx, flow, verdict);
    case "social":
      return answerSocialOutcome(ctx, flow, verdict.outcome, verdict.via);
  }
}
