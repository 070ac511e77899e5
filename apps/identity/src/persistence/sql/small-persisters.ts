import { type Kysely, sql } from "kysely";
import type {
  CodePersister,
  CodeRecord,
  ErrorPersister,
  ExchangePersister,
  RateLimitPersister,
  WelcomeGiftPersister,
} from "../persistence.ts";
import type { Database } from "./database.ts";
import { isUuid } from "./identity-persister.ts";

export class SqlCodePersister implements CodePersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async createCode(code: CodeRecord): Promise<void> {
    await this.db
      .insertInto("selfservice_codes")
      .values({ ...code, created_at: new Date() })
      .execute();
  }

  async activeCodesOfFlow(flowId: string, now: Date): Promise<CodeRecord[]> {
    const rows = await this.db
      .selectFrom("selfservice_codes")
      .selectAll()
      .where("flow_id", "=", flowId)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .execute();
    return rows.map(({ created_at: _, ...row }) => ({
      ...row,
      kind: row.kind as CodeRecord["kind"],
    }));
  }

  async useCode(id: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("selfservice_codes")
      .set({ used_at: now })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async invalidateCodesOfFlow(flowId: string, now: Date): Promise<void> {
    await this.db
      .updateTable("selfservice_codes")
      .set({ used_at: now })
      .where("flow_id", "=", flowId)
      .where("used_at", "is", null)
      .execute();
  }
}

export class SqlErrorPersister implements ErrorPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async createError(id: string, error: Record<string, unknown>): Promise<void> {
    await this.db
      .insertInto("selfservice_errors")
      .values({ id, error: JSON.stringify(error), created_at: new Date() })
      .execute();
  }

  async getError(
    id: string,
  ): Promise<{ id: string; error: Record<string, unknown>; created_at: Date } | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db
      .selectFrom("selfservice_errors")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
  }
}

/** Fixed-window counters in the database, so every instance behind a load balancer shares them. */
export class SqlRateLimitPersister implements RateLimitPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async hit(
    key: string,
    windowMs: number,
    now: Date,
  ): Promise<{ count: number; windowEndsAt: Date }> {
    const windowEndsAt = new Date(now.getTime() + windowMs);
    const row = await this.db
      .insertInto("rate_limits")
      .values({ key, count: 1, window_ends_at: windowEndsAt })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql`case when rate_limits.window_ends_at <= ${now} then 1 else rate_limits.count + 1 end`,
          window_ends_at: sql`case when rate_limits.window_ends_at <= ${now} then ${windowEndsAt} else rate_limits.window_ends_at end`,
        }),
      )
      .returning(["count", "window_ends_at"])
      .executeTakeFirstOrThrow();
    return { count: row.count, windowEndsAt: row.window_ends_at };
  }

  async peek(key: string, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "=", key)
      .where("window_ends_at", ">", now)
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("key", "=", key).execute();
  }

  async hitMany(
    hits: readonly { key: string; windowMs: number }[],
    now: Date,
  ): Promise<Map<string, number>> {
    const windows = new Map(hits.map((hit) => [hit.key, hit.windowMs]));
    if (windows.size === 0) return new Map();
    // One row per key (an upsert may touch a row once), in key order: concurrent statements
    // then lock shared rows in the same order.
    const values = [...windows.keys()].sort().map((key) => ({
      key,
      count: 1,
      window_ends_at: new Date(now.getTime() + (windows.get(key) ?? 0)),
    }));
    const rows = await this.db
      .insertInto("rate_limits")
      .values(values)
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql`case when rate_limits.window_ends_at <= ${now} then 1 else rate_limits.count + 1 end`,
          window_ends_at: sql`case when rate_limits.window_ends_at <= ${now} then excluded.window_ends_at else rate_limits.window_ends_at end`,
        }),
      )
      .returning(["key", "count"])
      .execute();
    return new Map(rows.map((row) => [row.key, row.count]));
  }

  async peekMany(keys: readonly string[], now: Date): Promise<Map<string, number>> {
    const counts = new Map(keys.map((key) => [key, 0]));
    if (keys.length === 0) return counts;
    const rows = await this.db
      .selectFrom("rate_limits")
      .select(["key", "count"])
      .where("key", "in", [...new Set(keys)])
      .where("window_ends_at", ">", now)
      .execute();
    for (const row of rows) counts.set(row.key, row.count);
    return counts;
  }

  async purgeExpired(before: Date): Promise<void> {
    await this.db.deleteFrom("rate_limits").where("window_ends_at", "<", before).execute();
  }
}

export class SqlExchangePersister implements ExchangePersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async putExchange(
    id: string,
    kind: string,
    payload: Record<string, unknown>,
    expiresAt: Date,
  ): Promise<void> {
    await this.db
      .insertInto("token_exchanges")
      .values({ id, kind, payload: JSON.stringify(payload), expires_at: expiresAt })
      .onConflict((oc) =>
        oc.column("id").doUpdateSet({ payload: JSON.stringify(payload), expires_at: expiresAt }),
      )
      .execute();
  }

  async takeExchange(
    id: string,
    kind: string,
    now: Date,
  ): Promise<Record<string, unknown> | undefined> {
    const row = await this.db
      .deleteFrom("token_exchanges")
      .where("id", "=", id)
      .where("kind", "=", kind)
      .where("expires_at", ">", now)
      .returning("payload")
      .executeTakeFirst();
    return row?.payload;
  }

  async getExchange(
    id: string,
    kind: string,
    now: Date,
  ): Promise<Record<string, unknown> | undefined> {
    const row = await this.db
      .selectFrom("token_exchanges")
      .select("payload")
      .where("id", "=", id)
      .where("kind", "=", kind)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return row?.payload;
  }
}

export class SqlWelcomeGiftPersister implements WelcomeGiftPersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async claim(gift: {
    mailbox_hash: string;
    identity_id: string;
    granted_at: Date;
  }): Promise<boolean> {
    // One statement: insert unless the identity already holds a gift; the mailbox key refuses
    // a second row for the same mailbox, also from a concurrent claim.
    const result = await sql<{ mailbox_hash: string }>`
      insert into welcome_gifts (mailbox_hash, identity_id, granted_at)
      select ${gift.mailbox_hash}, ${gift.identity_id}::uuid, ${gift.granted_at}
      where not exists (select 1 from welcome_gifts where identity_id = ${gift.identity_id}::uuid)
      on conflict (mailbox_hash) do nothing
      returning mailbox_hash`.execute(this.db);
    return result.rows.length === 1;
  }
}
