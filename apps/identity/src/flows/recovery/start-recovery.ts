import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import type { Flow } from "../flow.ts";
import { createRecoveryFlow, recoveryStrategy } from "./recovery-flow.ts";

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
