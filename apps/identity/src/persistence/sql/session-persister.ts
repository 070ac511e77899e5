import { type Kysely, type Selectable, sql } from "kysely";
import type { Session } from "../../session/session.ts";
import type { SessionPersister, SessionWithIdentity } from "../persistence.ts";
import type { Database, SessionsTable } from "./database.ts";
import {
  type IdentityJson,
  identityFromJson,
  identityJson,
  sessionFromJson,
} from "./identity-json.ts";
import { isUuid } from "./identity-persister.ts";
import type { SessionCache } from "./session-cache.ts";

export class SqlSessionPersister implements SessionPersister {
  /**
   * `cache`: the instance's session cache, when this persister is not bound to a transaction
   * (a transaction must see its own writes). `written`: these identities' sessions changed.
   */
  private readonly db: Kysely<Database>;
  private readonly options: {
    cache?: SessionCache | undefined;
    written?: (identityIds: string[]) => void;
  };

  constructor(
    db: Kysely<Database>,
    options: {
      cache?: SessionCache | undefined;
      written?: (identityIds: string[]) => void;
    } = {},
  ) {
    this.db = db;
    this.options = options;
  }

  async getCachedSessionWithIdentity(
    tokenHash: string,
    now: Date,
  ): Promise<SessionWithIdentity | undefined> {
    const { cache } = this.options;
    if (!cache) return this.getSessionWithIdentity(tokenHash);
    const cached = cache.get(tokenHash, now);
    if (cached) return cached;
    const ticket = cache.ticket();
    const found = await this.getSessionWithIdentity(tokenHash);
    if (found) cache.store(ticket, tokenHash, found);
    return found;
  }

  async getSessionWithIdentity(tokenHash: string): Promise<SessionWithIdentity | undefined> {
    const { rows } = await sql<{ session: Record<string, unknown>; identity: IdentityJson }>`
      select to_jsonb(s) as session, ${identityJson} as identity
      from sessions s join identities i on i.id = s.identity_id
      where s.token_hash = ${tokenHash}
    `.execute(this.db);
    const row = rows[0];
    return (
      row && { session: sessionFromJson(row.session), identity: identityFromJson(row.identity) }
    );
  }

  private written(identityId: string): void {
    this.options.written?.([identityId]);
  }

  async createSession(session: Session, tokenHash: string, logoutTokenHash: string): Promise<void> {
    await this.db
      .insertInto("sessions")
      .values({
        id: session.id,
        token_hash: tokenHash,
        logout_token_hash: logoutTokenHash,
        identity_id: session.identity_id,
        active: session.active,
        aal: session.aal,
        authentication_methods: JSON.stringify(session.authentication_methods),
        devices: JSON.stringify(session.devices),
        authenticated_at: session.authenticated_at,
        issued_at: session.issued_at,
        expires_at: session.expires_at,
        created_at: session.issued_at,
        updated_at: session.issued_at,
      })
      .execute();
  }

  async getSessionByTokenHash(tokenHash: string): Promise<Session | undefined> {
    const row = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row && toSession(row);
  }

  async getSessionByLogoutTokenHash(logoutTokenHash: string): Promise<Session | undefined> {
    const row = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("logout_token_hash", "=", logoutTokenHash)
      .executeTakeFirst();
    return row && toSession(row);
  }

  async getSession(id: string): Promise<Session | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toSession(row);
  }

  async updateSession(session: Session): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({
        active: session.active,
        aal: session.aal,
        authentication_methods: JSON.stringify(session.authentication_methods),
        devices: JSON.stringify(session.devices),
        authenticated_at: session.authenticated_at,
        expires_at: session.expires_at,
        updated_at: new Date(),
      })
      .where("id", "=", session.id)
      .execute();
    this.written(session.identity_id);
  }

  async listSessionsOfIdentity(
    identityId: string,
    query: { active?: boolean; exceptId?: string; limit: number; offset: number },
  ): Promise<{ sessions: Session[]; total: number }> {
    let select = this.db.selectFrom("sessions").where("identity_id", "=", identityId);
    if (query.active !== undefined) {
      const now = new Date();
      select = query.active
        ? select.where("active", "=", true).where("expires_at", ">", now)
        : select.where((eb) => eb.or([eb("active", "=", false), eb("expires_at", "<=", now)]));
    }
    if (query.exceptId) select = select.where("id", "!=", query.exceptId);
    const [rows, count] = await Promise.all([
      select
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id")
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      select.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { sessions: rows.map(toSession), total: Number(count.total) };
  }

  async revokeSession(identityId: string, sessionId: string): Promise<boolean> {
    if (!isUuid(sessionId)) return false;
    const result = await this.db
      .updateTable("sessions")
      .set({ active: false, updated_at: new Date() })
      .where("identity_id", "=", identityId)
      .where("id", "=", sessionId)
      .where("active", "=", true)
      .executeTakeFirst();
    this.written(identityId);
    return Number(result.numUpdatedRows) > 0;
  }

  async revokeSessionsOfIdentity(
    identityId: string,
    options: { exceptId?: string },
  ): Promise<number> {
    let update = this.db
      .updateTable("sessions")
      .set({ active: false, updated_at: new Date() })
      .where("identity_id", "=", identityId)
      .where("active", "=", true)
      .where("expires_at", ">", new Date());
    if (options.exceptId) update = update.where("id", "!=", options.exceptId);
    const result = await update.executeTakeFirst();
    this.written(identityId);
    return Number(result.numUpdatedRows);
  }
}

function toSession(row: Selectable<SessionsTable>): Session {
  return {
    id: row.id,
    identity_id: row.identity_id,
    active: row.active,
    aal: row.aal as Session["aal"],
    authentication_methods: row.authentication_methods as Session["authentication_methods"],
    devices: row.devices as Session["devices"],
    authenticated_at: row.authenticated_at,
    issued_at: row.issued_at,
    expires_at: row.expires_at,
  };
}
