import type { FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { type Flow, type FlowKind, isExpired } from "../flows/flow.ts";
import { acceptedLocale, type Locale, payloadLocale, type WithTransientPayload } from "./locale.ts";

// The address steps that email only a registered address (recovery, passwordless sign-in)
// must not tell, by how long they take, whether it is one (docs/security.md#no-timing-oracle). So the request does the
// same for every address, the flow and one job in the outbox, and the job (jobs/job.ts) looks
// the account up and sends. This is what such a job carries, and the checks it makes first.

export interface AddressJob {
  flow_id: string;
  address: string;
  /** Which submit of the flow asked: only the latest one's job sends (a resend replaces). */
  round: number;
  /** transient_payload.locale of the submit, if any. */
  payload_locale?: Locale;
  /** The request's Accept-Language, for accounts that keep no language. */
  accept_locale: Locale;
}

/** The job for this submit of the flow's address step. */
export function addressJob(
  request: FastifyRequest,
  body: WithTransientPayload,
  flow: Flow,
  address: string,
  round: number,
): AddressJob {
  const fromPayload = payloadLocale(body);
  return {
    flow_id: flow.id,
    address,
    round,
    ...(fromPayload ? { payload_locale: fromPayload } : {}),
    accept_locale: acceptedLocale(request),
  };
}

/**
 * The job's flow while it still waits for this job's email: not expired, in `sent_email` for
 * the job's address, at the job's round (`roundOf`). Otherwise undefined: nothing to send.
 */
export async function flowAwaitingJob(
  deps: Deps,
  job: AddressJob,
  kind: FlowKind,
  roundOf: (flow: Flow) => number | undefined,
): Promise<Flow | undefined> {
  const flow = await deps.persistence.flows.getFlow(String(job.flow_id), kind);
  if (
    !flow ||
    isExpired(flow, deps.now()) ||
    flow.state !== "sent_email" ||
    flow.internal.address !== job.address ||
    roundOf(flow) !== job.round
  )
    return undefined;
  return flow;
}

/** The email's language: the submit's, else the one the account keeps, else the request's. */
export function jobLocale(
  job: AddressJob,
  identity: { metadata_public: Record<string, unknown> | null },
): Locale {
  const kept = identity.metadata_public?.locale;
  return job.payload_locale ?? (kept === "de" || kept === "en" ? kept : job.accept_locale);
}
