import type { Persistence } from "../../persistence/persistence.ts";
import type { OutgoingJob } from "./job.ts";

/** Writes one job, due at once, in the caller's transaction (`tx`). Returns its id. */
export function enqueueJob(tx: Persistence, job: OutgoingJob): Promise<string> {
  return tx.outbox.enqueue({
    type: "job",
    recipient: "",
    subject: job.kind,
    body: JSON.stringify(job.payload),
    html_body: "",
    template_type: job.kind,
  });
}
