import type { Kysely } from "kysely";
import type { Database, OutboxMessageType } from "../persistence/sql/database.ts";

export interface OutboxDepthRow {
  type: OutboxMessageType;
  status: string;
  count: number;
  /** When the oldest of them was written. */
  oldest: Date;
}

/**
 * How many outbox messages wait, are being sent or were given up, per type, and since when the
 * oldest of them has: the metrics read it at scrape time. `sent` rows are left out, as they only
 * grow; the (type, status, ...) index answers the rest.
 */
export async function outboxDepth(db: Kysely<Database>): Promise<OutboxDepthRow[]> {
  const rows = await db
    .selectFrom("courier_messages")
    .select([
      "type",
      "status",
      db.fn.countAll<string>().as("count"),
      db.fn.min("created_at").as("oldest"),
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
