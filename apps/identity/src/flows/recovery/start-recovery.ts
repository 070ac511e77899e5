import type { Deps } from "../../deps/deps.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import type { Flow } from "../flow.ts";
import { createRecoveryFlow, recoveryStrategy } from "./recovery-flow.ts";
import { recoveryStrategyOf } from "./request-recovery-email.ts";
import type { RecoveryEmail } from "./strategy.ts";

/**
 * A browser recovery flow already in sent_email, its code or link on the way to `address`:
 * where "This wasn't me" and an undone email change send the customer to set a new password.
 * The account is known (the customer's link named it), so nothing here needs hiding.
 */
export async function startRecoveryFor(
  ctx: Ctx,
  identity: Identity,
  address: string,
): Promise<Flow> {
  const { deps } = ctx;
  const strategy = recoveryStrategy(deps);
  const flow = createRecoveryFlow(ctx, "browser", undefined);
  const kept = identity.metadata_public?.locale;
  await deps.persistence.transaction(async (tx) => {
    flow.internal.recoveryRound = 1;
    strategy.markSent(flow, address);
    await tx.flows.createFlow(flow);
    await strategy.sendTo(deps, tx, {
      flow,
      identity,
      address,
      locale: kept === "en" ? "en" : "de",
    });
  });
  return flow;
}

/**
 * The customer service's resend (docs/console.md#resending-an-email): a fresh code or link for a
 * recovery flow waiting for one, in `tx`, by the method the flow was made with; the flow's
 * earlier ones stop working and its tries start over.
 */
export async function resendRecovery(
  deps: Deps,
  tx: Persistence,
  email: RecoveryEmail,
): Promise<void> {
  const strategy = recoveryStrategyOf(deps, email.flow) ?? recoveryStrategy(deps);
  await tx.codes.invalidateCodesOfFlow(email.flow.id, deps.now());
  strategy.markSent(email.flow, email.address);
  await tx.flows.updateFlow(email.flow);
  await strategy.sendTo(deps, tx, email);
}
