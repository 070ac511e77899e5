import { isExpired } from "../../flow/flow.ts";
import type { Deps } from "../../http/deps.ts";
import type { JobHandler } from "../../jobs/job.ts";
import { type RecoveryEmailJob, recoveryStrategyOf } from "./request-recovery-email.ts";

/**
 * The second half of the address step (request-recovery-email.ts): when the address belongs to
 * an account and the flow still waits for this submit's email, the code or link goes out.
 * Anything else ends quietly: there is nobody to tell.
 */
export function recoveryEmailJob(deps: Deps): JobHandler {
  return async (payload) => {
    const job = payload as unknown as RecoveryEmailJob;
    const flow = await deps.persistence.flows.getFlow(String(job.flow_id), "recovery");
    if (
      !flow ||
      isExpired(flow, deps.now()) ||
      flow.state !== "sent_email" ||
      flow.internal.address !== job.address ||
      flow.internal.recoveryRound !== job.round
    )
      return;
    const strategy = recoveryStrategyOf(deps, flow);
    const identity = await deps.persistence.identities.findIdentityByRecoveryAddress(job.address);
    if (!strategy || !identity) return;
    const kept = identity.metadata_public?.locale;
    const locale =
      job.payload_locale ?? (kept === "de" || kept === "en" ? kept : job.accept_locale);
    await deps.persistence.transaction((tx) =>
      strategy.sendTo(deps, tx, { flow, identity, address: job.address, locale }),
    );
  };
}
