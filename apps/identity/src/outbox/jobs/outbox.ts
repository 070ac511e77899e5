import type { Kysely } from "kysely";
import type { Database } from "../../persistence/sql/database.ts";
import { insertOutboxMessage } from "../email/outbox.ts";
import type { OutgoingJob } from "./job.ts";

/** Inserts one job, due at once, in the caller's transaction. Returns its id. */
export function enqueueJob(db: Kysely<Database>, job: OutgoingJob): Promise<string> {
  return insertOutboxMessage(db, {
    type: "job",
    recipient: "",
    subject: job.kind,
    body: JSON.stringify(job.payload),
    html_body: "",
    template_type: job.kind,
  });
}
