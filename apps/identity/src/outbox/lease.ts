import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database, OutboxMessageType } from "../persistence/sql/database.ts";

// The dispatcher's side of the outbox table. A claim moves due messages to `processing` with a
// lease; whoever holds an unexpired lease is the only one meant to send. A dispatcher that dies
// mid-send simply lets its lease run out, and the next claim takes the message again: delivery
// is at least once, never lost.

/** A message this dispatcher holds. `lease_until` doubles as its fencing token. */
export interface ClaimedMessage {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  html_body: string;
  template_type: string;
  send_count: number;
  lease_until: Date;
}

export const leaseExpiredError = "the lease expired before the send finished";

function milliseconds(ms: number): RawBuilder<unknown> {
  return sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
}

/**
 * Claims up to `limit` due messages in one statement: queued ones whose time has come, and
 * processing ones whose lease expired (their dispatcher died; that attempt counts as failed).
 * `FOR UPDATE SKIP LOCKED` lets several instances claim side by side on PostgreSQL without
 * waiting on or taking each other's rows; the CTE is MATERIALIZED so the locked set is chosen
 * exactly once. The lease is cut to milliseconds so a JS Date holds it exactly. Emails and
 * webhooks share the table; each dispatcher claims only its own `type`.
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  input: { leaseMs: number; limit: number; type?: OutboxMessageType },
): Promise<ClaimedMessage[]> {
  const type = input.type ?? "email";
  const { rows } = await sql<ClaimedMessage>`
    WITH due AS MATERIALIZED (
      SELECT id FROM courier_messages
      WHERE type = ${type}
        AND ((status = 'queued' AND next_attempt_at <= now())
          OR (status = 'processing' AND lease_until < now()))
      ORDER BY created_at
      LIMIT ${input.limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE courier_messages AS m
    SET status = 'processing',
        lease_until = date_trunc('milliseconds', now() + ${milliseconds(input.leaseMs)}),
        send_count = CASE WHEN m.status = 'processing' THEN m.send_count + 1 ELSE m.send_count END,
        last_error = CASE WHEN m.status = 'processing' THEN ${leaseExpiredError} ELSE m.last_error END,
        updated_at = now()
    FROM due
    WHERE m.id = due.id
    RETURNING m.id, m.recipient, m.subject, m.body, m.html_body, m.template_type, m.send_count,
              m.lease_until
  `.execute(db);
  return rows;
}

/**
 * Marks a message sent. Not fenced by the lease: once the server took the mail, `sent` is the
 * truth even if the lease ran out meanwhile and someone else is sending it again.
 */
export async function markSent(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable("courier_messages")
    .set({ status: "sent", lease_until: null, updated_at: sql`now()` })
    .where("id", "=", id)
    .where("status", "!=", "sent")
    .execute();
}

/**
 * Records a failed attempt: back to `queued` after `retryInMs`, or `abandoned` when `abandon`.
 * Fenced by the lease, so a dispatcher whose lease ran out cannot overwrite the state of the
 * one that took the message over. Returns false when the lease was lost.
 */
export async function markFailed(
  db: Kysely<Database>,
  message: ClaimedMessage,
  input: { sendCount: number; error: string; abandon: boolean; retryInMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable("courier_messages")
    .set({
      status: input.abandon ? "abandoned" : "queued",
      send_count: input.sendCount,
      last_error: input.error,
      lease_until: null,
      next_attempt_at: sql`now() + ${milliseconds(input.retryInMs)}`,
      updated_at: sql`now()`,
    })
    .where("id", "=", message.id)
    .where("status", "=", "processing")
    .where("lease_until", "=", message.lease_until)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Gives messages back to the queue at once, due now, without counting an attempt: a dispatcher
 * that shuts down lets another instance send them without waiting for its leases to run out.
 * Fenced by the lease, like markFailed. Returns how many were released.
 */
export async function releaseLeases(
  db: Kysely<Database>,
  messages: readonly ClaimedMessage[],
): Promise<number> {
  let released = 0;
  for (const message of messages) {
    const result = await db
      .updateTable("courier_messages")
      .set({
        status: "queued",
        lease_until: null,
        next_attempt_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where("id", "=", message.id)
      .where("status", "=", "processing")
      .where("lease_until", "=", message.lease_until)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) released++;
  }
  return released;
}
