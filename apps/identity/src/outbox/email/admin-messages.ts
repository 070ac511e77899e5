import { type Kysely, type Selectable, sql } from "kysely";
import type { CourierMessagesTable, Database } from "../../persistence/sql/database.ts";
import { CourierError } from "./errors.ts";
import { decodePageToken, encodePageToken, uuidPattern } from "./page-token.ts";

// Read side of the outbox's emails for the admin API (`GET /admin/courier/messages`, `.../{id}`):
// Kratos's `message` objects, so Ory's SDK and e2e helpers that read codes from sent mail work
// against this service as they do against Kratos.

export type CourierMessageStatus = CourierMessagesTable["status"];

/** Kratos's `messageDispatch`. We keep no per-attempt rows, so the list is always empty. */
export interface MessageDispatchJson {
  id: string;
  message_id: string;
  status: "failed" | "success";
  error?: unknown;
  created_at: string;
  updated_at: string;
}

/** Kratos's `message` schema. `body` is the plain-text body, as in Kratos. */
export interface CourierMessageJson {
  id: string;
  status: CourierMessageStatus;
  type: "email";
  channel: "email";
  recipient: string;
  subject: string;
  body: string;
  template_type: string;
  send_count: number;
  created_at: string;
  updated_at: string;
  dispatches: MessageDispatchJson[];
}

export interface ListCourierMessagesQuery {
  recipient?: string;
  status?: CourierMessageStatus;
  /** 1 to 1,000 (Kratos's bounds; its default is 250). */
  pageSize: number;
  pageToken?: string;
}

type MessageRow = Selectable<CourierMessagesTable>;

function toJson(row: MessageRow): CourierMessageJson {
  return {
    id: row.id,
    status: row.status,
    type: "email",
    channel: "email",
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    template_type: row.template_type,
    send_count: row.send_count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    dispatches: [],
  };
}

/** Newest first; filters match exactly, as in Kratos. */
export async function listCourierMessages(
  db: Kysely<Database>,
  query: ListCourierMessagesQuery,
): Promise<{ messages: CourierMessageJson[]; nextPageToken?: string }> {
  const { pageSize } = query;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    throw new CourierError("courier_page_size_invalid", "page_size must be from 1 to 1000");
  }
  const after = query.pageToken === undefined ? undefined : decodePageToken(query.pageToken);

  let select = db
    .selectFrom("courier_messages")
    .selectAll()
    .select(
      sql<string>`(extract(epoch from created_at) * 1000000)::bigint::text`.as("created_at_us"),
    )
    // Webhook deliveries share the table but are not Kratos messages.
    .where("type", "=", "email")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize + 1);
  if (query.recipient !== undefined) select = select.where("recipient", "=", query.recipient);
  if (query.status !== undefined) select = select.where("status", "=", query.status);
  if (after) {
    select = select.where(
      sql<boolean>`(created_at, id) < (timestamptz 'epoch' + ${after.createdAtMicros}::bigint * interval '1 microsecond', ${after.id}::uuid)`,
    );
  }
  const rows = await select.execute();

  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const messages = page.map(toJson);
  if (rows.length <= pageSize || !last) return { messages };
  return {
    messages,
    nextPageToken: encodePageToken({ createdAtMicros: last.created_at_us, id: last.id }),
  };
}

export async function getCourierMessage(
  db: Kysely<Database>,
  id: string,
): Promise<CourierMessageJson> {
  // Checked here because PostgreSQL rejects a malformed uuid with an error, not an empty result.
  if (!uuidPattern.test(id)) {
    throw new CourierError("courier_message_id_invalid", "the message id is not a UUID");
  }
  const row = await db
    .selectFrom("courier_messages")
    .selectAll()
    .where("id", "=", id)
    .where("type", "=", "email")
    .executeTakeFirst();
  if (!row) throw new CourierError("courier_message_not_found", `no courier message ${id}`);
  return toJson(row);
}
