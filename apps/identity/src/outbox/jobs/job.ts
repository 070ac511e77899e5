// A job is work a request hands over instead of doing it before it answers: it is written to
// the outbox (type 'job') in the request's transaction (enqueue-job.ts) and run soon after by
// the dispatcher of any instance, with the outbox's leases and retries. Account safety uses it
// where the work itself would tell an onlooker something by how long the answer took: a
// recovery email or a sign-in code goes out only for a registered address, so the request
// answers alike for every address and the lookup happens here, off the request's path. Jobs
// run on the dispatcher's poll, never woken by their own request (job-kind.ts says why).

export type JobKind = "recovery_email" | "login_code_email" | "migration_email";

export interface OutgoingJob {
  kind: JobKind;
  /** JSON; never secrets. Emptied once the job ran (outbox-persister.ts's markSent). */
  payload: Record<string, unknown>;
}

/** Runs one job; throws to have it retried (and abandoned after the courier's max attempts). */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
