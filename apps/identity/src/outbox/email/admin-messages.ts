import type { OutboxStatus, StoredEmail } from "../../persistence/outbox.ts";
import type { Persistence } from "../../persistence/persistence.ts";
import { CourierError } from "../errors.ts";
import { decodePageToken, encodePageToken, uuidPattern } from "./page-token.ts";

// Read side of the outbox's emails for the admin API (`GET /admin/courier/messages`, `.../{id}`):
// Kratos's `message` objects, so Ory's SDK and e2e helpers that read codes from sent mail work
// against this service as they do against Kratos.

export type CourierMessageStatus = OutboxStatus;

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

function toJson(row: StoredEmail): CourierMessageJson {
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
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    dispatches: [],
  };
}

/** Newest first; filters match exactly, as in Kratos. */
export async function listCourierMessages(
  persistence: Persistence,
  query: ListCourierMessagesQuery,
): Promise<{ messages: CourierMessageJson[]; nextPageToken?: string }> {
  const { pageSize } = query;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
    throw new CourierError("courier_page_size_invalid", "page_size must be from 1 to 1000");
  }
  const after = query.pageToken === undefined ? undefined : decodePageToken(query.pageToken);
  // One more than a page, to know whether a next page exists.
  const rows = await persistence.outbox.listEmails({
    limit: pageSize + 1,
    ...(query.recipient !== undefined ? { recipient: query.recipient } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
    ...(after ? { after } : {}),
  });

  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const messages = page.map(toJson);
  if (rows.length <= pageSize || !last) return { messages };
  return {
    messages,
    nextPageToken: encodePageToken({ createdAtMicros: last.created_at_micros, id: last.id }),
  };
}

export async function getCourierMessage(
  persistence: Persistence,
  id: string,
): Promise<CourierMessageJson> {
  // Checked here because PostgreSQL rejects a malformed uuid with an error, not an empty result.
  if (!uuidPattern.test(id)) {
    throw new CourierError("courier_message_id_invalid", "the message id is not a UUID");
  }
  const row = await persistence.outbox.getEmail(id);
  if (!row) throw new CourierError("courier_message_not_found", `no courier message ${id}`);
  return toJson(row);
}
