import type { Deps } from "../../deps/deps.ts";
import { addressJob } from "../../hooks/address-job.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import { respondWithFlow } from "../../http/respond.ts";
import { limitCodeEmails } from "../../limits/code-email-limit.ts";
import { enqueueJob } from "../../outbox/jobs/enqueue-job.ts";
import type { UiNode } from "../../ui/nodes.ts";
import type { Flow } from "../flow.ts";
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
  body: Body,
  strategy: RecoveryStrategy,
  form: (email: string) => UiNode[],
): Promise<void> {
  const { deps } = ctx;
  const email = await submittedEmail(ctx, flow, body, form);
  if (email === undefined) return;
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
  await respondWithFlow(ctx, flow, 200);
}

/** The recovery method a flow was made with. */
export function recoveryStrategyOf(deps: Deps, flow: Flow): RecoveryStrategy | undefined {
  return deps.strategies.recovery.find((s) => s.method === flow.payload.active);
}
