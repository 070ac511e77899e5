import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Persistence } from "../../src/persistence/persistence.ts";
import { pruneTargets, selectExpired } from "../../src/persistence/sql/cleanup-persister.ts";
import type { Database } from "../../src/persistence/sql/database.ts";
import { insertFlowRow } from "../support/flow-rows.ts";

// Pruning expired rows (docs/production.md#pruning-expired-rows): what goes, what stays, the
// batches. Run against PGlite and PostgreSQL; the rows are written with the SQL so their times
// can lie in the past.

const hour = 60 * 60_000;
const day = 24 * hour;

/** Seven days, as `cleanup.keep` says by default: rows expired longer than this go. */
const keep = 7 * day;
/** 90 days, as `security.activity.retention` says by default. */
const retention = 90 * day;

async function newIdentity(db: Kysely<Database>, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("identities")
    .values({
      id,
      schema_id: "default",
      state: "active",
      traits: JSON.stringify({ email: `prune-${id}@example.com` }),
      metadata_public: null,
      metadata_admin: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("identity_credentials")
    .values({
      id: crypto.randomUUID(),
      identity_id: id,
      type: "password",
      config: JSON.stringify({ hashed_password: "x" }),
      version: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function code(db: Kysely<Database>, flowId: string, expiresAt: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("selfservice_codes")
    .values({
      id,
      flow_id: flowId,
      kind: "login",
      code_hash: "hash",
      address: "kim@example.com",
      identity_id: null,
      used_at: null,
      expires_at: expiresAt,
      created_at: new Date(expiresAt.getTime() - hour),
    })
    .execute();
  return id;
}

async function session(db: Kysely<Database>, identityId: string, expiresAt: Date): Promise<string> {
  const id = crypto.randomUUID();
  const issued = new Date(expiresAt.getTime() - day);
  await db
    .insertInto("sessions")
    .values({
      id,
      token_hash: `t-${id}`,
      logout_token_hash: `l-${id}`,
      identity_id: identityId,
      active: true,
      aal: "aal1",
      authentication_methods: JSON.stringify([]),
      devices: JSON.stringify([]),
      authenticated_at: issued,
      issued_at: issued,
      expires_at: expiresAt,
      created_at: issued,
      updated_at: issued,
    })
    .execute();
  await db
    .insertInto("session_activity")
    .values({ session_id: id, last_active_at: issued })
    .execute();
  return id;
}

async function message(
  db: Kysely<Database>,
  status: "queued" | "sent" | "abandoned",
  updatedAt: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("courier_messages")
    .values({
      id,
      type: "email",
      status,
      recipient: "kim@example.com",
      subject: "Dein Code",
      body: "123456",
      html_body: "<p>123456</p>",
      template_type: "login_code_valid",
      send_count: status === "queued" ? 0 : 1,
      last_error: null,
      lease_until: null,
      next_attempt_at: updatedAt,
      created_at: updatedAt,
      updated_at: updatedAt,
    })
    .execute();
  return id;
}

async function exists(db: Kysely<Database>, table: string, id: string): Promise<boolean> {
  const column = table === "rate_limits" ? "key" : "id";
  const { rows } = await sql<{ found: number }>`
    select 1 as found from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(db);
  return rows.length === 1;
}

async function count(db: Kysely<Database>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n);
}

const keptTables = [
  "identities",
  "identity_credentials",
  "trusted_devices",
  "staff_roles",
  "account_locks",
  "console_audit",
  "welcome_gifts",
] as const;

export function cleanupContract(
  name: string,
  persistence: () => Persistence,
  db: () => Kysely<Database>,
): void {
  describe(`pruning expired rows: ${name}`, () => {
    const cutoffs = (now: Date) => ({
      expiredBefore: new Date(now.getTime() - keep),
      windowsEndedBefore: new Date(now.getTime() - hour),
      activityBefore: new Date(now.getTime() - retention),
    });

    it("deletes what expired longer ago than the cut-off and keeps the fresh and the live", async () => {
      const d = db();
      const now = new Date();
      const longAgo = new Date(now.getTime() - keep - day);
      const lately = new Date(now.getTime() - day);
      const later = new Date(now.getTime() + hour);
      const identityId = await newIdentity(d, now);

      const oldFlow = await insertFlowRow(d, longAgo);
      const recentFlow = await insertFlowRow(d, lately);
      const liveFlow = await insertFlowRow(d, later);
      const oldCode = await code(d, liveFlow, longAgo);
      const liveCode = await code(d, liveFlow, later);
      const codeOfOldFlow = await code(d, oldFlow, later);
      const oldSession = await session(d, identityId, longAgo);
      const recentSession = await session(d, identityId, lately);
      const liveSession = await session(d, identityId, later);
      const sent = await message(d, "sent", longAgo);
      const abandoned = await message(d, "abandoned", longAgo);
      const queued = await message(d, "queued", longAgo);
      const sentLately = await message(d, "sent", lately);
      const [oldError, newError] = [crypto.randomUUID(), crypto.randomUUID()];
      await d
        .insertInto("selfservice_errors")
        .values([
          { id: oldError, error: JSON.stringify({ code: 500 }), created_at: longAgo },
          { id: newError, error: JSON.stringify({ code: 500 }), created_at: lately },
        ])
        .execute();
      const [oldExchange, liveExchange] = [crypto.randomUUID(), crypto.randomUUID()];
      await d
        .insertInto("token_exchanges")
        .values([
          { id: oldExchange, kind: "k", payload: JSON.stringify({}), expires_at: longAgo },
          { id: liveExchange, kind: "k", payload: JSON.stringify({}), expires_at: later },
        ])
        .execute();
      const [oldLink, liveLink] = [crypto.randomUUID(), crypto.randomUUID()];
      await d
        .insertInto("security_links")
        .values(
          [
            [oldLink, longAgo],
            [liveLink, later],
          ].map(([id, expires]) => ({
            id: id as string,
            token_hash: `link-${id as string}`,
            kind: "not_me",
            identity_id: identityId,
            event_id: null,
            device_id: null,
            expires_at: expires as Date,
            used_at: null,
            created_at: longAgo,
          })),
        )
        .execute();
      const oldChange = crypto.randomUUID();
      await d
        .insertInto("email_changes")
        .values({
          id: oldChange,
          identity_id: identityId,
          old_address: "a@example.com",
          new_address: "b@example.com",
          code_hash: "hash",
          code_expires_at: longAgo,
          tries: 0,
          status: "pending",
          device_id: null,
          expires_at: longAgo,
          created_at: longAgo,
          updated_at: longAgo,
          completed_at: null,
        })
        .execute();
      const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
      const [endedWindow, endingWindow, runningWindow] = [
        `rate:${ip}:${crypto.randomUUID()}`,
        `rate:${ip}:${crypto.randomUUID()}`,
        `rate:${ip}:${crypto.randomUUID()}`,
      ];
      await d
        .insertInto("rate_limits")
        .values([
          { key: endedWindow, count: 3, window_ends_at: new Date(now.getTime() - 2 * hour) },
          // Ended a minute ago: within the hour of grace.
          { key: endingWindow, count: 3, window_ends_at: new Date(now.getTime() - 60_000) },
          { key: runningWindow, count: 3, window_ends_at: later },
        ])
        .execute();

      // The account's activity: an event and a day of failed sign-ins past the retention, and
      // one of each within it (a day is kept while its last failure is).
      const beyond = new Date(now.getTime() - retention - day);
      const within = new Date(now.getTime() - retention + day);
      const [oldEvent, newEvent] = [crypto.randomUUID(), crypto.randomUUID()];
      await d
        .insertInto("security_events")
        .values(
          [
            [oldEvent, beyond],
            [newEvent, within],
          ].map(([id, at]) => ({
            id: id as string,
            identity_id: identityId,
            type: "password_changed",
            occurred_at: at as Date,
            ip_address: "203.0.113.7",
            user_agent: "Firefox",
            device_id: null,
            details: JSON.stringify({}),
          })),
        )
        .execute();
      const typed = `failed-${identityId}`;
      const failureDay = (at: Date) => ({
        identifier_hash: typed,
        day: at.toISOString().slice(0, 10),
        count: 2,
        last_at: at,
        ip_address: "203.0.113.7",
        user_agent: "Firefox",
      });
      await d
        .insertInto("login_failures_daily")
        .values([failureDay(beyond), failureDay(within)])
        .execute();

      const deleted = await persistence().cleanup.pruneExpired(cutoffs(now), { batchSize: 1000 });

      expect(deleted.selfservice_flows).toBeGreaterThanOrEqual(1);
      expect(deleted.selfservice_codes).toBeGreaterThanOrEqual(1);
      expect(deleted.sessions).toBeGreaterThanOrEqual(1);
      expect(deleted.courier_messages).toBeGreaterThanOrEqual(2);
      for (const table of [
        "selfservice_errors",
        "token_exchanges",
        "security_links",
        "email_changes",
        "rate_limits",
        "security_events",
        "login_failures_daily",
      ] as const)
        expect(deleted[table], table).toBeGreaterThanOrEqual(1);

      const gone: [string, string][] = [
        ["selfservice_flows", oldFlow],
        ["selfservice_codes", oldCode],
        // Went with its flow.
        ["selfservice_codes", codeOfOldFlow],
        ["sessions", oldSession],
        ["courier_messages", sent],
        ["courier_messages", abandoned],
        ["selfservice_errors", oldError],
        ["token_exchanges", oldExchange],
        ["security_links", oldLink],
        ["email_changes", oldChange],
        ["rate_limits", endedWindow],
        ["security_events", oldEvent],
      ];
      for (const [table, id] of gone)
        expect(await exists(d, table, id), `${table} ${id}`).toBe(false);
      const kept: [string, string][] = [
        ["selfservice_flows", recentFlow],
        ["selfservice_flows", liveFlow],
        ["selfservice_codes", liveCode],
        ["sessions", recentSession],
        ["sessions", liveSession],
        ["courier_messages", queued],
        ["courier_messages", sentLately],
        ["selfservice_errors", newError],
        ["token_exchanges", liveExchange],
        ["security_links", liveLink],
        ["rate_limits", endingWindow],
        ["rate_limits", runningWindow],
        ["security_events", newEvent],
      ];
      for (const [table, id] of kept)
        expect(await exists(d, table, id), `${table} ${id}`).toBe(true);
      // The live session keeps its last activity; the pruned one took its own along.
      const activity = await persistence().security.lastActivityOf([oldSession, liveSession]);
      expect([...activity.keys()]).toEqual([liveSession]);
      const failures = await persistence().security.listFailedSignIns([typed], "2000-01-01");
      expect(failures.map((failure) => failure.day)).toEqual([failureDay(within).day]);
    });

    it("deletes more than one batch, a batch per statement, until one deletes fewer", async () => {
      const d = db();
      const now = new Date();
      const longAgo = new Date(now.getTime() - keep - day);
      const flows = await Promise.all(Array.from({ length: 7 }, () => insertFlowRow(d, longAgo)));
      const deleted = await persistence().cleanup.pruneExpired(cutoffs(now), { batchSize: 2 });
      expect(deleted.selfservice_flows).toBeGreaterThanOrEqual(7);
      for (const id of flows) expect(await exists(d, "selfservice_flows", id)).toBe(false);
    });

    it("never touches the records it must keep, however old", async () => {
      const d = db();
      const now = new Date();
      const longAgo = new Date(now.getTime() - 400 * day);
      const identityId = await newIdentity(d, longAgo);
      await d
        .insertInto("trusted_devices")
        .values({
          id: crypto.randomUUID(),
          identity_id: identityId,
          device_hash: `device-${identityId}`,
          ip_address: "203.0.113.7",
          user_agent: "Firefox",
          created_at: longAgo,
          last_seen_at: longAgo,
        })
        .execute();
      await d
        .insertInto("staff_roles")
        .values({ identity_id: identityId, role: "viewer", granted_at: longAgo, granted_by: null })
        .execute();
      // A lock that ended long ago, and an audit entry and a welcome gift from then.
      await d
        .insertInto("account_locks")
        .values({
          identity_id: identityId,
          locked_at: longAgo,
          until: new Date(longAgo.getTime() + day),
          reason: "old",
          locked_by: null,
        })
        .execute();
      await d
        .insertInto("console_audit")
        .values({
          id: crypto.randomUUID(),
          occurred_at: longAgo,
          staff_id: null,
          staff_email: null,
          staff_role: null,
          action: "account.lock",
          target_id: identityId,
          reason: "old",
          ip_address: null,
          request_id: null,
          details: JSON.stringify({}),
        })
        .execute();
      await d
        .insertInto("welcome_gifts")
        .values({
          mailbox_hash: `gift-${identityId}`,
          identity_id: identityId,
          granted_at: longAgo,
        })
        .execute();
      const before = await Promise.all(keptTables.map((table) => count(d, table)));

      await persistence().cleanup.pruneExpired(cutoffs(now), { batchSize: 1000 });

      expect(await Promise.all(keptTables.map((table) => count(d, table)))).toEqual(before);
    });

    it("stops between statements once the signal aborts", async () => {
      const d = db();
      const now = new Date();
      const old = await insertFlowRow(d, new Date(now.getTime() - keep - day));
      const stopped = new AbortController();
      stopped.abort();
      const deleted = await persistence().cleanup.pruneExpired(cutoffs(now), {
        batchSize: 1000,
        signal: stopped.signal,
      });
      expect(Object.values(deleted).every((n) => n === 0)).toBe(true);
      expect(await exists(d, "selfservice_flows", old)).toBe(true);
      await persistence().cleanup.pruneExpired(cutoffs(now), { batchSize: 1000 });
      expect(await exists(d, "selfservice_flows", old)).toBe(false);
    });

    it("reads every batch from an index, never by scanning the table", async () => {
      const plans = await db()
        .transaction()
        .execute(async (trx) => {
          // Without it the planner may prefer a scan of a small table; with it, a scan is what
          // is left only when no index fits.
          await sql`set local enable_seqscan = off`.execute(trx);
          const found: string[] = [];
          for (const target of pruneTargets) {
            const { rows } = await sql<Record<string, string>>`explain ${selectExpired(
              target,
              new Date(),
              1000,
            )}`.execute(trx);
            found.push(
              `${target.table}: ${rows.map((row) => Object.values(row).join("")).join(" ")}`,
            );
          }
          return found;
        });
      expect(plans).toHaveLength(11);
      for (const plan of plans) expect(plan).not.toContain("Seq Scan");
    });

    it("runs a sweep under the sweep lock and hands it the deletes", async () => {
      const d = db();
      const now = new Date();
      const old = await insertFlowRow(d, new Date(now.getTime() - keep - day));
      const result = await persistence().cleanup.whileSweepLocked((cleanup) =>
        cleanup.pruneExpired(cutoffs(now), { batchSize: 1000 }),
      );
      expect(result.ran).toBe(true);
      if (result.ran) expect(result.value.selfservice_flows).toBeGreaterThanOrEqual(1);
      expect(await exists(d, "selfservice_flows", old)).toBe(false);
    });
  });
}

/** Two instances on one PostgreSQL, as behind a load balancer. */
export function cleanupOnTwoInstances(
  first: () => Persistence,
  second: () => Persistence,
  db: () => Kysely<Database>,
): void {
  describe("pruning expired rows: two instances on one PostgreSQL", () => {
    it("lets one instance sweep at a time; the other finds the lock held and does nothing", async () => {
      const inner = await first().cleanup.whileSweepLocked(() =>
        second().cleanup.whileSweepLocked(async () => "both at once"),
      );
      expect(inner).toEqual({ ran: true, value: { ran: false } });
      // The lock ended with the first sweep.
      expect(await second().cleanup.whileSweepLocked(async () => "after")).toEqual({
        ran: true,
        value: "after",
      });
    });

    it("survives two sweeps at once, deleting each expired row once", async () => {
      const d = db();
      const now = new Date();
      const cut = {
        expiredBefore: new Date(now.getTime() - keep),
        windowsEndedBefore: now,
        activityBefore: new Date(now.getTime() - retention),
      };
      await Promise.all(
        Array.from({ length: 40 }, () => insertFlowRow(d, new Date(now.getTime() - keep - day))),
      );
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from selfservice_flows where expires_at < ${cut.expiredBefore}`.execute(
        d,
      );
      const sweeps = await Promise.all(
        [first(), second()].map((p) => p.cleanup.pruneExpired(cut, { batchSize: 5 })),
      );
      expect(sweeps[0]!.selfservice_flows + sweeps[1]!.selfservice_flows).toBe(Number(rows[0]?.n));
      const locked = await Promise.all(
        [first(), second()].map((p) =>
          p.cleanup.whileSweepLocked((c) => c.pruneExpired(cut, { batchSize: 5 })),
        ),
      );
      expect(locked.some((result) => result.ran)).toBe(true);
    });
  });
}
