// The outbox's part of the persistence port: one table (`courier_messages`) holding emails, the
// shop's webhook deliveries and jobs, written in the transaction of the change they belong to
// and sent later by the dispatcher (outbox/dispatcher.ts), which claims them with a lease.
// Whoever holds an unexpired lease is the only one meant to send; a dispatcher that dies
// mid-send lets its lease run out and the next claim takes the message again, so delivery is at
// least once and nothing is lost. persistence/sql/outbox-persister.ts is the SQL.

/** Emails, webhook deliveries (the URL in `recipient`) and jobs (the kind in `template_type`). */
export type OutboxMessageType = "email" | "webhook" | "job";

export type OutboxStatus = "queued" | "processing" | "sent" | "abandoned";

/** What a message carries when written; it starts queued and due at once. */
export interface OutboxMessage {
  type: OutboxMessageType;
  recipient: string;
  subject: string;
  body: string;
  html_body: string;
  template_type: string;
}

/** A message a dispatcher holds. `lease_until` doubles as its fencing token. */
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

/** A stored email as the admin API reads it (Kratos's courier messages). */
export interface StoredEmail {
  id: string;
  status: OutboxStatus;
  recipient: string;
  subject: string;
  body: string;
  template_type: string;
  send_count: number;
  created_at: Date;
  updated_at: Date;
  /** `created_at` in whole microseconds since the epoch, the database's precision (paging). */
  created_at_micros: string;
}

/** Per type and status, how many messages there are and when the oldest was written. */
export interface OutboxDepthRow {
  type: OutboxMessageType;
  status: OutboxStatus;
  count: number;
  oldest: Date;
}

/** The `last_error` of an attempt whose dispatcher lost its lease (it died, most likely). */
export const leaseExpiredError = "the lease expired before the send finished";

export interface OutboxPersister {
  /** Writes one message, due at once (in the caller's transaction, if any). Returns its id. */
  enqueue(message: OutboxMessage): Promise<string>;
  /**
   * Claims up to `limit` due messages of `type` with a lease of `leaseMs`: queued ones whose
   * time has come, oldest first, and processing ones whose lease expired (that attempt counts
   * as failed, with `leaseExpiredError`). Never hands one message to two claims at once.
   */
  claimDue(input: {
    type: OutboxMessageType;
    leaseMs: number;
    limit: number;
  }): Promise<ClaimedMessage[]>;
  /**
   * Marks a message sent. Not fenced by the lease: once the receiver took it, `sent` is the
   * truth even if the lease ran out meanwhile and someone else is sending it again.
   */
  markSent(id: string): Promise<void>;
  /**
   * Records a failed attempt: back to `queued`, due in `retryInMs`, or `abandoned`. Fenced by
   * the lease, so a dispatcher whose lease ran out cannot overwrite the state of the one that
   * took the message over. Returns false when the lease was lost.
   */
  markFailed(
    message: ClaimedMessage,
    input: { sendCount: number; error: string; abandon: boolean; retryInMs: number },
  ): Promise<boolean>;
  /**
   * Gives held messages back to the queue, due now, without counting an attempt (a dispatcher
   * shutting down). Fenced by the lease like markFailed. Returns how many were given back.
   */
  release(messages: readonly ClaimedMessage[]): Promise<number>;
  /** Messages not sent (queued, processing, abandoned) per type and status, for the metrics. */
  depth(): Promise<OutboxDepthRow[]>;
  /**
   * Emails newest first (created_at, then id, descending), `limit` of them, from after the
   * position `after` when given; filters match exactly.
   */
  listEmails(query: {
    recipient?: string;
    status?: OutboxStatus;
    limit: number;
    after?: { createdAtMicros: string; id: string };
  }): Promise<StoredEmail[]>;
  /** The email with this id (a UUID), if there is one. */
  getEmail(id: string): Promise<StoredEmail | undefined>;
}
