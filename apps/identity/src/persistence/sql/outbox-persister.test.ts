import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enqueueEmail } from "../../outbox/email/enqueue-email.ts";
import { enqueueJob } from "../../outbox/jobs/enqueue-job.ts";
import { type ClaimedMessage, leaseExpiredError, type OutboxMessageType } from "../outbox.ts";
import { connectDatabase } from "./connect.ts";
import type { Database } from "./database.ts";
import { SqlOutboxPersister } from "./outbox-persister.ts";
import { createSqlPersistence } from "./sql-persistence.ts";

// The claim contract, run against every database we have: PGlite always, and PostgreSQL when
// TEST_POSTGRES_URL names a throwaway database. On PostgreSQL `first` and `second` are two
// connection pools, like two service instances; PGlite has one connection, so both are one.

const outbox = (db: Kysely<Database>): SqlOutboxPersister => new SqlOutboxPersister(db);
function claimDueMessages(
  db: Kysely<Database>,
  input: { leaseMs: number; limit: number; type?: OutboxMessageType },
): Promise<ClaimedMessage[]> {
  return outbox(db).claimDue({ type: "email", ...input });
}
const markSent = (db: Kysely<Database>, id: string): Promise<void> => outbox(db).markSent(id);
const markFailed = (
  db: Kysely<Database>,
  ...args: Parameters<SqlOutboxPersister["markFailed"]>
): Promise<boolean> => outbox(db).markFailed(...args);
const releaseLeases = (
  db: Kysely<Database>,
  messages: readonly ClaimedMessage[],
): Promise<number> => outbox(db).release(messages);

interface Target {
  name: string;
  open(): Promise<{ first: Kysely<Database>; second: Kysely<Database> }>;
  hasSeparateConnections: boolean;
}

const postgresUrl = process.env.TEST_POSTGRES_URL;
const targets: Target[] = [
  {
    name: "PGlite",
    open: async () => {
      const db = await connectDatabase("memory://");
      return { first: db, second: db };
    },
    hasSeparateConnections: false,
  },
  ...(postgresUrl
    ? [
        {
          name: "PostgreSQL",
          open: async () => ({
            first: await connectDatabase(postgresUrl),
            second: await connectDatabase(postgresUrl),
          }),
          hasSeparateConnections: true,
        },
      ]
    : []),
];

const lease = { leaseMs: 60_000, limit: 10 };

for (const target of targets) {
  describe(`courier lease on ${target.name}`, () => {
    let first: Kysely<Database>;
    let second: Kysely<Database>;

    beforeAll(async () => {
      ({ first, second } = await target.open());
    });
    afterAll(async () => {
      await first.destroy();
      if (second !== first) await second.destroy();
    });
    beforeEach(async () => {
      await first.deleteFrom("courier_messages").execute();
    });

    async function enqueue(count: number): Promise<string[]> {
      const ids: string[] = [];
      // One by one, so created_at grows with the index.
      for (let n = 0; n < count; n += 1) {
        ids.push(
          await enqueueEmail(createSqlPersistence(first), {
            templateType: "verification_code_valid",
            to: `lease-${n}@example.com`,
            locale: "en",
            model: { code: "123456", expiresInMinutes: 10 },
          }),
        );
      }
      return ids;
    }

    it("claims due messages oldest first, up to the limit, with a lease", async () => {
      const ids = await enqueue(3);
      const claimed = await claimDueMessages(first, { leaseMs: 60_000, limit: 2 });

      expect(claimed.map((m) => m.id)).toEqual(ids.slice(0, 2));
      for (const message of claimed) {
        expect(message.send_count).toBe(0);
        expect(message.lease_until.getTime()).toBeGreaterThan(Date.now() + 50_000);
      }
      expect((await claimDueMessages(first, lease)).map((m) => m.id)).toEqual([ids[2]]);
      expect(await claimDueMessages(first, lease)).toEqual([]);
    });

    it("leaves messages that are not due yet, sent or abandoned", async () => {
      const [later, sent, abandoned] = await enqueue(3);
      await first
        .updateTable("courier_messages")
        .set({ next_attempt_at: sql`now() + interval '1 hour'` })
        .where("id", "=", later!)
        .execute();
      await first
        .updateTable("courier_messages")
        .set({ status: "sent" })
        .where("id", "=", sent!)
        .execute();
      await first
        .updateTable("courier_messages")
        .set({ status: "abandoned" })
        .where("id", "=", abandoned!)
        .execute();

      expect(await claimDueMessages(first, lease)).toEqual([]);
    });

    it("takes over an expired lease and counts the lost attempt as failed", async () => {
      const [id] = await enqueue(1);
      const [dead] = await claimDueMessages(first, { leaseMs: 0, limit: 1 });
      await new Promise((resolve) => setTimeout(resolve, 5));

      const [taken] = await claimDueMessages(second, lease);
      expect(taken).toMatchObject({ id, send_count: 1 });
      // The dead dispatcher's late failure report no longer applies: it lost the lease.
      const applied = await markFailed(first, dead!, {
        sendCount: 1,
        error: "late",
        abandon: true,
        retryInMs: 0,
      });
      expect(applied).toBe(false);
      const row = await first
        .selectFrom("courier_messages")
        .selectAll()
        .where("id", "=", id!)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: "processing",
        send_count: 1,
        last_error: leaseExpiredError,
      });

      await markSent(second, id!);
      const sent = await first
        .selectFrom("courier_messages")
        .select(["status", "lease_until"])
        .where("id", "=", id!)
        .executeTakeFirstOrThrow();
      expect(sent).toEqual({ status: "sent", lease_until: null });
    });

    it("forgets a job's body once it ran, and keeps an email's", async () => {
      const [email] = await enqueue(1);
      const job = await enqueueJob(createSqlPersistence(first), {
        kind: "migration_email",
        payload: { address: "typed-by-someone@example.com" },
      });
      await markSent(first, email!);
      await markSent(first, job);
      const rows = await first
        .selectFrom("courier_messages")
        .select(["id", "status", "body"])
        .where("id", "in", [email!, job])
        .execute();
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(job)).toEqual({ id: job, status: "sent", body: "{}" });
      expect(byId.get(email!)?.body).toContain("123456");
    });

    it("gives released messages back at once, without counting an attempt, unless the lease was lost", async () => {
      const [kept, lost] = await enqueue(2);
      const claimed = await claimDueMessages(first, { leaseMs: 600_000, limit: 2 });
      // `lost` was taken over meanwhile: its holder's release must not touch it.
      await first
        .updateTable("courier_messages")
        .set({ lease_until: sql`now() + interval '2 hours'` })
        .where("id", "=", lost!)
        .execute();

      expect(await releaseLeases(first, claimed)).toBe(1);
      const [again] = await claimDueMessages(second, lease);
      expect(again).toMatchObject({ id: kept, send_count: 0 });
      const other = await first
        .selectFrom("courier_messages")
        .select(["status"])
        .where("id", "=", lost!)
        .executeTakeFirstOrThrow();
      expect(other.status).toBe("processing");
    });

    it("never hands one message to two instances claiming at the same time", async () => {
      await enqueue(40);
      const seen: string[] = [];
      for (;;) {
        const rounds = await Promise.all(
          [first, second, first, second].map((db) =>
            claimDueMessages(db, { leaseMs: 60_000, limit: 7 }),
          ),
        );
        const ids = rounds.flat().map((m) => m.id);
        if (ids.length === 0) break;
        seen.push(...ids);
      }
      expect(seen).toHaveLength(40);
      expect(new Set(seen).size).toBe(40);
    });

    // PGlite has one connection: a claim there would wait for the open transaction forever.
    if (target.hasSeparateConnections) {
      it("skips messages another instance holds locked instead of waiting for them", async () => {
        const [locked, ...free] = await enqueue(3);
        await first.transaction().execute(async (trx) => {
          await sql`SELECT id FROM courier_messages WHERE id = ${locked} FOR UPDATE`.execute(trx);
          const claimed = await claimDueMessages(second, lease);
          expect(claimed.map((m) => m.id)).toEqual(free);
        });
      });
    }
  });
}
