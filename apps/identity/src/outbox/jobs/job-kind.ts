import type { Config } from "../../config/config.ts";
import type { OutboxKind } from "../kind.ts";
import type { JobHandler, JobKind } from "./job.ts";

// The outbox's jobs, each run by the handler the composition root registered for its kind,
// with the courier's lease and `max_attempts`, so a job taken by an instance that dies is run
// by another.

export function jobKind(
  config: Readonly<Config>,
  handlers: Readonly<Record<JobKind, JobHandler>>,
): OutboxKind {
  const { dispatcher } = config.courier;
  return {
    type: "job",
    label: "jobs",
    policy: {
      leaseMs: dispatcher.lease,
      maxAttempts: dispatcher.max_attempts,
      backoff: { initialMs: 1_000, maxMs: 60_000 },
      // Never woken: a job does work that depends on the address (a recovery job renders and
      // writes an email only for a registered one), and done right after the request that wrote
      // it, that work would slow the same client's next request (bench:timing: p = 1.8e-6).
      // On the poll it runs at a time the client does not choose
      // (docs/security.md#no-timing-oracle).
      wakes: false,
    },
    async send(message) {
      const handler = (handlers as Record<string, JobHandler | undefined>)[message.template_type];
      if (!handler) throw new Error(`no handler for job "${message.template_type}"`);
      await handler(JSON.parse(message.body) as Record<string, unknown>);
    },
  };
}
