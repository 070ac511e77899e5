import type { Deps } from "../../deps/deps.ts";
import { type AddressJob, flowAwaitingJob, jobLocale } from "../../hooks/address-job.ts";
import type { JobHandler } from "../../outbox/jobs/job.ts";
import { recoveryStrategyOf } from "./request-recovery-email.ts";

/**
 * The second half of the address step (request-recovery-email.ts): when the address belongs to
 * an account and the flow still waits for this submit's email, the code or link goes out.
 * Anything else ends quietly: there is nobody to tell.
 */
export function recoveryEmailJob(deps: Deps): JobHandler {
  return async (payload) => {
    const job = payload as unknown as AddressJob;
    const flow = await flowAwaitingJob(deps, job, "recovery", (f) => f.internal.recoveryRound);
    if (!flow) return;
    const strategy = recoveryStrategyOf(deps, flow);
    const identity = await deps.persistence.identities.findIdentityByRecoveryAddress(job.address);
    if (!strategy || !identity) return;
    const locale = jobLocale(job, identity);
    await deps.persistence.transaction((tx) =>
      strategy.sendTo(deps, tx, { flow, identity, address: job.address, locale }),
    );
  };
}
