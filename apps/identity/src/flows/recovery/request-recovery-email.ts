import type { Flow } from "../../flow/flow.ts";
import { limitCodeEmails } from "../../hooks/code-email-limit.ts";
import { acceptedLocale, type Locale, payloadLocale } from "../../hooks/locale.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Deps } from "../../http/deps.ts";
import { respondWithFlow } from "../../http/respond.ts";
import type { UiNode } from "../../ui/nodes.ts";
import { submittedEmail } from "../submitted-email.ts";
import type { RecoveryStrategy } from "./strategy.ts";

// The address step of recovery, for every method. The answer must not tell whether the address
// has an account, neither by what it says (the same sent_email state) nor by how long it takes
// (issue 13, "no timing oracle"): looking the account up and writing its code and email took
// 7 ms more for a registered address. So the request does the same work for every address (the
// flow, one job in the outbox, in one transaction) and the job (recovery-email-job.ts) does the
// lookup and the sending right after, off the request's path.

export interface RecoveryEmailJob {
  flow_id: string;
  address: string;
  /** Which submit of the flow asked: only the latest one's job sends (a resend replaces). */
  round: number;
  /** transient_payload.locale of the submit, if any. */
  payload_locale?: Locale;
  /** The request's Accept-Language, for accounts that keep no language. */
  accept_locale: Locale;
}

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
  const round = (Number(flow.internal.recoveryRound) || 0) + 1;
  const fromPayload = payloadLocale(body);
  const job: RecoveryEmailJob = {
    flow_id: flow.id,
    address: email,
    round,
    ...(fromPayload ? { payload_locale: fromPayload } : {}),
    accept_locale: acceptedLocale(ctx.request),
  };
  await deps.persistence.transaction(async (tx) => {
    await tx.codes.invalidateCodesOfFlow(flow.id, deps.now());
    flow.internal.recoveryRound = round;
    strategy.markSent(flow, email);
    await tx.flows.updateFlow(flow);
    await tx.courier.enqueueJob({ kind: "recovery_email", payload: { ...job } });
  });
  await respondWithFlow(ctx, flow, 200);
}

/** The recovery method a flow was made with. */
export function recoveryStrategyOf(deps: Deps, flow: Flow): RecoveryStrategy | undefined {
  return deps.strategies.recovery.find((s) => s.method === flow.payload.active);
}
