import type { Deps } from "../../deps/deps.ts";
import { type AddressJob, flowAwaitingJob, jobLocale } from "../../hooks/address-job.ts";
import type { Identity } from "../../identity/identity.ts";
import type { JobHandler } from "../../outbox/jobs/job.ts";
import { sendPasswordlessCode } from "./send-code.ts";

// The second half of passwordless sign-in's address step (login.ts), as recovery does it
// (hooks/address-job.ts): the request answers alike for every address and writes this job;
// here the address is looked up and, for an active account, a code is stored and emailed.
// Done in the request, that work made a registered address answer about 0.9 ms slower
// (bench:timing, p = 1e-70). Anything else ends quietly: there is nobody to tell.

/**
 * The account a code for this address signs in to: its code credential (accounts that signed
 * up by code), else the account the address belongs to as a verifiable address.
 */
async function findCodeIdentity(deps: Deps, address: string): Promise<Identity | undefined> {
  const { identities } = deps.persistence;
  return (
    (await identities.findIdentityByIdentifier("code", address)) ??
    (await identities.findIdentityByVerifiableAddress(address))
  );
}

export function loginCodeJob(deps: Deps): JobHandler {
  return async (payload) => {
    const job = payload as unknown as AddressJob;
    const flow = await flowAwaitingJob(deps, job, "login", (f) => f.internal.codeRound);
    if (!flow) return;
    const identity = await findCodeIdentity(deps, job.address);
    if (identity?.state !== "active") return;
    await deps.persistence.transaction((tx) =>
      sendPasswordlessCode(deps, tx, {
        kind: "login",
        flowId: flow.id,
        address: job.address,
        identityId: identity.id,
        locale: jobLocale(job, identity),
      }),
    );
  };
}
