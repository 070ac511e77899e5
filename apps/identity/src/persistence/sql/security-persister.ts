import { type Kysely, type Selectable, sql } from "kysely";
import type {
  EmailChange,
  EmailChangeStatus,
  FailedSignInDay,
  SecurityEvent,
  SecurityEventType,
  SecurityLink,
  SecurityLinkKind,
  TrustedDevice,
} from "../../security/records.ts";
import type { SecurityPersister } from "../persistence.ts";
import type { Database, EmailChangesTable, SecurityLinksTable } from "./database.ts";
import { isUuid } from "./identity-persister.ts";

// Account safety's tables (migration 0003). Timestamps come from the caller (deps.now()), so
// the expiry checks above this layer and the rows agree.

export class SqlSecurityPersister implements SecurityPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async recordEvent(event: SecurityEvent): Promise<void> {
    await this.db
      .insertInto("security_events")
      .values({ ...event, details: JSON.stringify(event.details) })
      .execute();
  }

  async getEvent(id: string): Promise<SecurityEvent | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db
      .selectFrom("security_events")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && { ...row, type: row.type as SecurityEventType };
  }

  async listEvents(identityId: string, since: Date): Promise<SecurityEvent[]> {
    if (!isUuid(identityId)) return [];
    const rows = await this.db
      .selectFrom("security_events")
      .selectAll()
      .where("identity_id", "=", identityId)
      .where("occurred_at", ">=", since)
      .orderBy("occurred_at", "desc")
      .orderBy("id", "desc")
      .limit(1000)
      .execute();
    return rows.map((row) => ({ ...row, type: row.type as SecurityEventType }));
  }

  async recordFailedSignIn(failure: Omit<FailedSignInDay, "count">): Promise<void> {
    await this.db
      .insertInto("login_failures_daily")
      .values({ ...failure, count: 1 })
      .onConflict((oc) =>
        oc.columns(["identifier_hash", "day"]).doUpdateSet({
          count: sql`login_failures_daily.count + 1`,
          last_at: failure.last_at,
          ip_address: failure.ip_address,
          user_agent: failure.user_agent,
        }),
      )
      .execute();
  }

  async listFailedSignIns(
    identifierHashes: string[],
    sinceDay: string,
  ): Promise<FailedSignInDay[]> {
    if (identifierHashes.length === 0) return [];
    return this.db
      .selectFrom("login_failures_daily")
      .selectAll()
      .where("identifier_hash", "in", identifierHashes)
      .where("day", ">=", sinceDay)
      .orderBy("day", "desc")
      .execute();
  }

  async findTrustedDevice(
    identityId: string,
    deviceHash: string,
  ): Promise<TrustedDevice | undefined> {
    return this.db
      .selectFrom("trusted_devices")
      .selectAll()
      .where("identity_id", "=", identityId)
      .where("device_hash", "=", deviceHash)
      .executeTakeFirst();
  }

  async trustDevice(device: TrustedDevice): Promise<string> {
    const row = await this.db
      .insertInto("trusted_devices")
      .values(device)
      .onConflict((oc) =>
        oc.columns(["identity_id", "device_hash"]).doUpdateSet({
          last_seen_at: device.last_seen_at,
          ip_address: device.ip_address,
          user_agent: device.user_agent,
        }),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async touchTrustedDevice(
    seen: Pick<
      TrustedDevice,
      "identity_id" | "device_hash" | "ip_address" | "user_agent" | "last_seen_at"
    >,
    seenAfter: Date,
  ): Promise<string | undefined> {
    const row = await this.db
      .updateTable("trusted_devices")
      .set({
        last_seen_at: seen.last_seen_at,
        ip_address: seen.ip_address,
        user_agent: seen.user_agent,
      })
      .where("identity_id", "=", seen.identity_id)
      .where("device_hash", "=", seen.device_hash)
      .where("last_seen_at", ">", seenAfter)
      .returning("id")
      .executeTakeFirst();
    return row?.id;
  }

  async removeTrustedDevice(identityId: string, deviceId: string): Promise<void> {
    if (!isUuid(deviceId)) return;
    await this.db
      .deleteFrom("trusted_devices")
      .where("identity_id", "=", identityId)
      .where("id", "=", deviceId)
      .execute();
  }

  async createLink(link: SecurityLink): Promise<void> {
    await this.db.insertInto("security_links").values(link).execute();
  }

  async findLink(tokenHash: string): Promise<SecurityLink | undefined> {
    const row = await this.db
      .selectFrom("security_links")
      .selectAll()
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    return row && toLink(row);
  }

  async useLink(id: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("security_links")
      .set({ used_at: now })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async pendingEmailChange(identityId: string): Promise<EmailChange | undefined> {
    if (!isUuid(identityId)) return undefined;
    const row = await this.db
      .selectFrom("email_changes")
      .selectAll()
      .where("identity_id", "=", identityId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return row && toEmailChange(row);
  }

  async saveEmailChange(change: EmailChange): Promise<void> {
    const { id, identity_id: _, created_at: __, ...changed } = change;
    await this.db
      .insertInto("email_changes")
      .values(change)
      .onConflict((oc) => oc.column("id").doUpdateSet(changed))
      .execute();
  }

  async getEmailChange(id: string): Promise<EmailChange | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.db
      .selectFrom("email_changes")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && toEmailChange(row);
  }

  async touchSession(sessionId: string, at: Date): Promise<void> {
    await this.db
      .insertInto("session_activity")
      .values({ session_id: sessionId, last_active_at: at })
      .onConflict((oc) =>
        oc.column("session_id").doUpdateSet({
          last_active_at: sql`greatest(session_activity.last_active_at, ${at})`,
        }),
      )
      .execute();
  }

  async lastActivityOf(sessionIds: string[]): Promise<Map<string, Date>> {
    const ids = sessionIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("session_activity")
      .selectAll()
      .where("session_id", "in", ids)
      .execute();
    return new Map(rows.map((row) => [row.session_id, new Date(row.last_active_at)]));
  }
}

function toLink(row: Selectable<SecurityLinksTable>): SecurityLink {
  return { ...row, kind: row.kind as SecurityLinkKind };
}

function toEmailChange(row: Selectable<EmailChangesTable>): EmailChange {
  return { ...row, status: row.status as EmailChangeStatus };
}
