import type { Kysely, Selectable } from "kysely";
import type { Database } from "./database.ts";

// `oauth2_logout_requests`: a logout challenge for the logout app, and the verifier the
// browser brings back after the app accepted it. Each state change is one conditional update,
// so a challenge is answered once and a verifier used once, whichever instance gets them.

export type LogoutState = "pending" | "accepted" | "rejected" | "used";

export interface LogoutRequest {
  challenge: string;
  verifier: string;
  subject: string;
  sessionUid: string;
  sid: string;
  clientId: string | null;
  requestUrl: string;
  rpInitiated: boolean;
  xsrf: string;
  state: LogoutState;
  requestedAt: Date;
  expiresAt: Date;
}

export interface LogoutStore {
  create(request: LogoutRequest): Promise<void>;
  /** A live request by challenge, in any state. */
  get(challenge: string): Promise<LogoutRequest | undefined>;
  /** pending → accepted or rejected; false when it was not pending (or is gone). */
  answer(challenge: string, state: "accepted" | "rejected"): Promise<boolean>;
  /** accepted → used, by verifier; the request, or undefined when not usable. */
  use(verifier: string): Promise<LogoutRequest | undefined>;
}

export function logoutStore(db: Kysely<Database>): LogoutStore {
  const fromRow = (row: Selectable<Database["oauth2_logout_requests"]>): LogoutRequest => ({
    challenge: row.challenge,
    verifier: row.verifier,
    subject: row.subject,
    sessionUid: row.session_uid,
    sid: row.sid,
    clientId: row.client_id,
    requestUrl: row.request_url,
    rpInitiated: row.rp_initiated,
    xsrf: row.xsrf,
    state: row.state as LogoutState,
    requestedAt: row.requested_at,
    expiresAt: row.expires_at,
  });
  return {
    async create(r) {
      await db
        .insertInto("oauth2_logout_requests")
        .values({
          challenge: r.challenge,
          verifier: r.verifier,
          subject: r.subject,
          session_uid: r.sessionUid,
          sid: r.sid,
          client_id: r.clientId,
          request_url: r.requestUrl,
          rp_initiated: r.rpInitiated,
          xsrf: r.xsrf,
          state: r.state,
          requested_at: r.requestedAt,
          expires_at: r.expiresAt,
        })
        .execute();
    },
    async get(challenge) {
      const row = await db
        .selectFrom("oauth2_logout_requests")
        .selectAll()
        .where("challenge", "=", challenge)
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },
    async answer(challenge, state) {
      const row = await db
        .updateTable("oauth2_logout_requests")
        .set({ state })
        .where("challenge", "=", challenge)
        .where("state", "=", "pending")
        .where("expires_at", ">", new Date())
        .returning("challenge")
        .executeTakeFirst();
      return row !== undefined;
    },
    async use(verifier) {
      const row = await db
        .updateTable("oauth2_logout_requests")
        .set({ state: "used" })
        .where("verifier", "=", verifier)
        .where("state", "=", "accepted")
        .where("expires_at", ">", new Date())
        .returningAll()
        .executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },
  };
}
