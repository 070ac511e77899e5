import type { Answer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Flow } from "../flow.ts";
import { saveAndAnswerWithFlow } from "../flow-answer.ts";
import { answerSocialOutcome } from "../social/answer-social.ts";
import { completeSignUp } from "./complete-sign-up.ts";
import type { RegistrationStrategy, RegistrationVerdict } from "./strategy.ts";
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
    case "sign_up": {
      const answer = await completeSignUp(ctx, flow, verdict);
      // Two registrations racing for one address: the unique index decides, the loser is told.
      return answer ?? answerRegistrationVerdict(ctx, flow, await verdict.ifTaken());
    }
    case "refused":
      if (verdict.sortForm) sortRegistrationNodes(deps, flow.payload.ui.nodes);
      return saveAndAnswerWithFlow(ctx, flow, verdict.messages, { status: 400 });
    case "next_step":
      // Kratos answers a step with 400 and the flow; browsers go back to the registration UI.
      return saveAndAnswerWithFlow(ctx, flow, verdict.messages, {
        status: 400,
        alsoInTransaction: verdict.alsoInTransaction,
      });
    case "social":
      return answerSocialOutcome(ctx, flow, verdict.outcome, verdict.via);
  }
}
