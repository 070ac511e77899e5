import { type Kysely, type Selectable, sql } from "kysely";
import type {
  AuditCursor,
  AuditRecord,
  CustomerSummary,
  LatestCode,
  SentEmail,
  StaffRoleRecord,
} from "../../console/records.ts";
import type { ConsolePersister } from "../persistence.ts";
import type { ConsoleAuditTable, Database } from "./database.ts";
import { isUuid } from "./identity-persister.ts";
import { emailKey, fullNameKey, lastNameKey } from "./migrations/0007-console-search.ts";

// The console's tables (migration 0006) and its searches over `identities` (the indexes of
// migration 0007, whose expressions these queries must repeat exactly to use them).

// The highest code point: `prefix || it` is above every text that starts with `prefix` in the
// "C" collation (byte order), so [prefix, prefix || it) is the prefix as an index range.
const highest = sql`chr(1114111)`;

export class SqlConsolePersister implements ConsolePersister {
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  async staffRole(identityId: string): Promise<StaffRoleRecord | undefined> {
    if (!isUuid(identityId)) return undefined;
    return this.db
      .selectFrom("staff_roles")
      .selectAll()
      .where("identity_id", "=", identityId)
      .executeTakeFirst();
  }

  async listStaff(): Promise<StaffRoleRecord[]> {
    return this.db.selectFrom("staff_roles").selectAll().orderBy("granted_at").execute();
  }

  async putStaffRole(record: StaffRoleRecord): Promise<void> {
    await this.db
      .insertInto("staff_roles")
      .values(record)
      .onConflict((oc) =>
        oc.column("identity_id").doUpdateSet({
          role: record.role,
          granted_at: record.granted_at,
          granted_by: record.granted_by,
        }),
      )
      .execute();
  }

  async removeStaffRole(identityId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("staff_roles")
      .where("identity_id", "=", identityId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async holdAdmins(): Promise<number> {
    const rows = await this.db
      .selectFrom("staff_roles")
      .select("identity_id")
      .where("role", "=", "admin")
      .forUpdate()
      .execute();
    return rows.length;
  }

  async appendAudit(record: AuditRecord): Promise<void> {
    await this.db
      .insertInto("console_audit")
      .values({ ...record, details: JSON.stringify(record.details) })
      .execute();
  }

  async listAudit(query: {
    targetId?: string;
    staffId?: string;
    after?: AuditCursor;
    limit: number;
  }): Promise<AuditRecord[]> {
    let select = this.db.selectFrom("console_audit").selectAll();
    if (query.targetId !== undefined) select = select.where("target_id", "=", query.targetId);
    if (query.staffId !== undefined) select = select.where("staff_id", "=", query.staffId);
    const after = query.after;
    if (after)
      select = select.where((eb) =>
        eb.or([
          eb("occurred_at", "<", after.occurred_at),
          eb.and([eb("occurred_at", "=", after.occurred_at), eb("id", "<", after.id)]),
        ]),
      );
    const rows = await select
      .orderBy("occurred_at", "desc")
      .orderBy("id", "desc")
      .limit(query.limit)
      .execute();
    return rows.map(toAuditRecord);
  }

  async holdIdentity(identityId: string): Promise<boolean> {
    if (!isUuid(identityId)) return false;
    const row = await this.db
      .selectFrom("identities")
      .select("id")
      .where("id", "=", identityId)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  async searchByEmail(email: string, now: Date, limit: number): Promise<CustomerSummary[]> {
    // An address is one account (two at most, in different case from an old import): no ORDER
    // BY in SQL. With one, by id or by the key (which the equality makes constant, so the planner
    // drops it for id), and no statistics on the expression (PGlite has no autovacuum to gather
    // them after an import), the planner walks the primary key in id order and filters every
    // row: 100 ms over 100,000 customers instead of the index's fraction of one.
    const rows = await this.summaries(sql`${emailKey} = lower(${email})`, undefined, now, limit);
    return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async searchById(id: string, now: Date): Promise<CustomerSummary[]> {
    if (!isUuid(id)) return [];
    return this.summaries(sql`i.id = ${id}::uuid`, sql`i.id`, now, 1);
  }

  async searchByName(
    prefix: string,
    options: { lastName: boolean; limit: number; now: Date },
  ): Promise<CustomerSummary[]> {
    const { limit, now } = options;
    const range = (key: typeof fullNameKey) =>
      sql`${key} >= (lower(${prefix}) collate "C") and ${key} < ((lower(${prefix}) || ${highest}) collate "C")`;
    // Each branch reads the first `limit` entries of its index range, in the index's order.
    const full = await this.summaries(range(fullNameKey), fullNameKey, now, limit);
    if (!options.lastName) return full.sort(byName);
    const last = await this.summaries(range(lastNameKey), lastNameKey, now, limit);
    const byId = new Map([...full, ...last].map((row) => [row.id, row]));
    return [...byId.values()].sort(byName).slice(0, limit);
  }

  async emailsTo(addresses: string[], limit: number): Promise<SentEmail[]> {
    if (addresses.length === 0) return [];
    const rows = await this.db
      .selectFrom("courier_messages")
      .select([
        "id",
        "recipient",
        "template_type",
        "status",
        "send_count",
        "last_error",
        "created_at",
        "updated_at",
      ])
      .where("type", "=", "email")
      .where("recipient", "in", addresses)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(({ recipient, updated_at, ...row }) => ({
      ...row,
      to: recipient,
      sent_at: row.status === "sent" ? updated_at : null,
    }));
  }

  async latestCode(identityId: string, kinds: readonly string[]): Promise<LatestCode | undefined> {
    if (!isUuid(identityId) || kinds.length === 0) return undefined;
    return this.db
      .selectFrom("selfservice_codes")
      .select(["flow_id", "kind", "address", "created_at"])
      .where("identity_id", "=", identityId)
      .where("kind", "in", [...kinds])
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
  }

  /** Search hits: one statement, the lock read alongside. */
  private async summaries(
    where: ReturnType<typeof sql>,
    orderBy: ReturnType<typeof sql> | undefined,
    now: Date,
    limit: number,
  ): Promise<CustomerSummary[]> {
    const order = orderBy ? sql`order by ${orderBy}, i.id` : sql``;
    const { rows } = await sql<{
      id: string;
      email: string | null;
      first: string | null;
      last: string | null;
      state: "active" | "inactive";
      created_at: Date;
      locked: boolean;
    }>`
      select i.id, i.traits->>'email' as email, i.traits->'name'->>'first' as first,
        i.traits->'name'->>'last' as last, i.state, i.created_at,
        exists (
          select 1 from account_locks l
          where l.identity_id = i.id and (l.until is null or l.until > ${now})
        ) as locked
      from identities i
      where ${where}
      ${order}
      limit ${limit}`.execute(this.db);
    return rows.map((row) => ({
      ...row,
      email: row.email ?? "",
      first: row.first ?? "",
      last: row.last ?? "",
      created_at: new Date(row.created_at),
    }));
  }
}

// The two ranges' hits merged as people read names (Ä with A), then by id.
const collator = new Intl.Collator("de", { sensitivity: "base" });

function byName(a: CustomerSummary, b: CustomerSummary): number {
  return collator.compare(`${a.first} ${a.last}`, `${b.first} ${b.last}`) || (a.id < b.id ? -1 : 1);
}

function toAuditRecord(row: Selectable<ConsoleAuditTable>): AuditRecord {
  return { ...row, action: row.action as AuditRecord["action"] };
}
