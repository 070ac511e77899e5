import { isExpired } from "../../flow/flow.ts";
import type { Locale } from "../../hooks/locale.ts";
import type { Deps } from "../../http/deps.ts";
import type { Identity } from "../../identity/identity.ts";
import type { JobHandler } from "../../jobs/job.ts";
import { sendPasswordlessCode } from "./send-code.ts";

// The second half of passwordless sign-in's address step (login.ts), as recovery does it
// (flows/recovery/recovery-email-job.ts): the request answers alike for every address and
// writes this job; here the address is looked up and, for an active account, a code is stored
// and emailed. Done in the request, that work made a registered address answer about 0.9 ms
// slower (bench:timing, p = 1e-70). Anything else ends quietly: there is nobody to tell.

export interface LoginCodeJob {
  flow_id: string;
  address: string;
  /** Which submit of the flow asked: only the latest one's job sends (a resend replaces). */
  round: number;
  /** transient_payload.locale of the submit, if any. */
  payload_locale?: Locale;
  /** The request's Accept-Language, for accounts that keep no language. */
  accept_locale: Locale;
}

/** The account an address signs in by code: its code identifier, else a verifiable address. */
export async function findCodeIdentity(deps: Deps, address: string): Promise<Identity | undefined> {
  const { identities } = deps.persistence;
  return (
    (await identities.findIdentityByIdentifier("code", address)) ??
    (await identities.findIdentityByVerifiableAddress(address))
  );
}

export function loginCodeJob(deps: Deps): JobHandler {
  return async (payload) => {
    const job = payload as unknown as LoginCodeJob;
    const flow = await deps.persistence.flows.getFlow(String(job.flow_id), "login");
    if (
      !flow ||
      isExpired(flow, deps.now()) ||
      flow.state !== "sent_email" ||
      flow.internal.address !== job.address ||
      flow.internal.codeRound !== job.round
    )
      return;
    const identity = await findCodeIdentity(deps, job.address);
    if (identity?.state !== "active") return;
    const kept = identity.metadata_public?.locale;
    const locale =
      job.payload_locale ?? (kept === "de" || kept === "en" ? kept : job.accept_locale);
    await deps.persistence.transaction((tx) =>
      sendPasswordlessCode(deps, tx, {
        kind: "login",
        flowId: flow.id,
        address: job.address,
        identityId: identity.id,
        locale,
      }),
    );
  };
}
