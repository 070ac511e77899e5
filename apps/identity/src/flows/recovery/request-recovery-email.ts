import type { Deps } from "../../deps/deps.ts";
import { addressJob } from "../../hooks/address-job.ts";
import type { Answer } from "../../http/answer.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import { enqueueJob } from "../../outbox/jobs/enqueue-job.ts";
import { addressStepBody } from "../email-method.ts";
import type { Flow } from "../flow.ts";
import { answerWithFlow, saveAndAnswerWithFlow } from "../flow-answer.ts";
import { submittedEmail } from "../submitted-email.ts";
import type { RecoveryStrategy } from "./strategy.ts";

// The address step of recovery, for every method. The answer must not tell whether the address
// has an account, neither by what it says (the same sent_email state) nor by how long it takes
// (docs/security.md#no-timing-oracle): looking the account up and writing its code and email took
// 7 ms more for a registered address. So the request does the same work for every address (the
// flow, one job in the outbox, in one transaction; hooks/address-job.ts) and the job
// (recovery-email-job.ts) does the lookup and the sending on the job dispatcher's next poll.

export async function requestRecoveryEmail(
  ctx: Ctx,
  flow: Flow,
  raw: Body,
  strategy: RecoveryStrategy,
): Promise<Answer> {
  const { deps } = ctx;
  const body = addressStepBody.parse(raw);
  const submitted = submittedEmail(body.email);
  if ("refused" in submitted) {
    flow.payload.ui.nodes = strategy.emailNodes(flow.csrf_token, submitted.typed);
    return saveAndAnswerWithFlow(ctx, flow, [submitted.refused], { status: 400 });
  }
  const { email } = submitted;
  await limitCodeEmails(deps, email);
  const round = (flow.internal.recoveryRound ?? 0) + 1;
  const job = addressJob(ctx.request, body, flow, email, round);
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
    flow.internal.recoveryRound = round;
    strategy.markSent(flow, email);
    await tx.flows.updateFlow(flow);
    await enqueueJob(tx, { kind: "recovery_email", payload: { ...job } });
  });
  return answerWithFlow(ctx, flow, 200);
}

/** The recovery method a flow was made with. */
export function recoveryStrategyOf(deps: Deps, flow: Flow): RecoveryStrategy | undefined {
  return deps.strategies.recovery.find((s) => s.method === flow.payload.active);
}
