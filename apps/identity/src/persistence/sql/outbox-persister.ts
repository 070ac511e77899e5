import { randomUUID } from "node:crypto";
import { type Kysely, type RawBuilder, type Selectable, sql } from "kysely";
import {
  type ClaimedMessage,
  leaseExpiredError,
  type OutboxDepthRow,
  type OutboxMessage,
  type OutboxPersister,
  type StoredEmail,
} from "../outbox.ts";
import type { CourierMessagesTable, Database } from "./database.ts";

// The outbox table (persistence/outbox.ts says what each call promises). Times come from the
// database clock, the one every instance's claim compares against.

function milliseconds(ms: number): RawBuilder<unknown> {
  return sql`(${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond')`;
}

type EmailRow = Selectable<CourierMessagesTable> & { created_at_micros: string };

function toStoredEmail(row: EmailRow): StoredEmail {
  return {
    id: row.id,
    status: row.status,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    template_type: row.template_type,
    send_count: row.send_count,
    created_at: new Date(row.created_at),
    updated_at: new Date(row.updated_at),
    created_at_micros: row.created_at_micros,
  };
}

const createdAtMicros = sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`;

export class SqlOutboxPersister implements OutboxPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async enqueue(message: OutboxMessage): Promise<string> {
    const id = randomUUID();
    const now = sql<Date>`now()`;
    await this.db
      .insertInto("courier_messages")
      .values({
        id,
        ...message,
        status: "queued",
        send_count: 0,
        last_error: null,
        lease_until: null,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  /**
   * One statement. `FOR UPDATE SKIP LOCKED` lets several instances claim side by side on
   * PostgreSQL without waiting on or taking each other's rows; the CTE is MATERIALIZED so the
   * locked set is chosen exactly once. The lease is cut to milliseconds so a JS Date holds it
   * exactly (it is the fencing token of markFailed and release).
   */
  async claimDue(input: Parameters<OutboxPersister["claimDue"]>[0]): Promise<ClaimedMessage[]> {
    const { rows } = await sql<ClaimedMessage>`
      WITH due AS MATERIALIZED (
        SELECT id FROM courier_messages
        WHERE type = ${input.type}
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
    `.execute(this.db);
    return rows;
  }

  async markSent(id: string): Promise<void> {
    await this.db
      .updateTable("courier_messages")
      .set({
        status: "sent",
        lease_until: null,
        updated_at: sql`now()`,
        // A job's body is what a request left for after its answer, such as the address a
        // customer typed into a failed sign-in: needed until the job ran, kept no longer.
        // Emails and webhooks keep theirs (the admin API shows what was sent).
        body: sql<string>`case when type = 'job' then '{}' else body end`,
      })
      .where("id", "=", id)
      .where("status", "!=", "sent")
      .execute();
  }

  async markFailed(
    message: ClaimedMessage,
    input: { sendCount: number; error: string; abandon: boolean; retryInMs: number },
  ): Promise<boolean> {
    const result = await this.db
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

  async release(messages: readonly ClaimedMessage[]): Promise<number> {
    let released = 0;
    for (const message of messages) {
      const result = await this.db
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

  /** `sent` rows are left out, as they only grow; the (type, status, ...) index answers the rest. */
  async depth(): Promise<OutboxDepthRow[]> {
    const rows = await this.db
      .selectFrom("courier_messages")
      .select([
        "type",
        "status",
        this.db.fn.countAll<string>().as("count"),
        this.db.fn.min("created_at").as("oldest"),
      ])
      .where("type", "in", ["email", "webhook", "job"])
      .where("status", "in", ["queued", "processing", "abandoned"])
      .groupBy(["type", "status"])
      .execute();
    return rows.map((row) => ({
      type: row.type,
      status: row.status,
      count: Number(row.count),
      oldest: new Date(row.oldest as string | Date),
    }));
  }

  async listEmails(query: Parameters<OutboxPersister["listEmails"]>[0]): Promise<StoredEmail[]> {
    let select = this.db
      .selectFrom("courier_messages")
      .selectAll()
      .select(createdAtMicros.as("created_at_micros"))
      // Webhook deliveries and jobs share the table but are not Kratos's messages.
      .where("type", "=", "email")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit);
    if (query.recipient !== undefined) select = select.where("recipient", "=", query.recipient);
    if (query.status !== undefined) select = select.where("status", "=", query.status);
    const { after } = query;
    if (after) {
      select = select.where(
        sql<boolean>`(created_at, id) < (timestamptz 'epoch' + ${after.createdAtMicros}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
      );
    }
    return (await select.execute()).map(toStoredEmail);
  }

  async getEmail(id: string): Promise<StoredEmail | undefined> {
    const row = await this.db
      .selectFrom("courier_messages")
      .selectAll()
      .select(createdAtMicros.as("created_at_micros"))
      .where("id", "=", id)
      .where("type", "=", "email")
      .executeTakeFirst();
    return row ? toStoredEmail(row) : undefined;
  }
}
