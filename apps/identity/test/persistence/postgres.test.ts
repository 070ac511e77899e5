import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Persistence } from "../../src/persistence/persistence.ts";
import { connectDatabase } from "../../src/persistence/sql/connect.ts";
import type { Database } from "../../src/persistence/sql/database.ts";
import { createSqlPersistence } from "../../src/persistence/sql/sql-persistence.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import { cleanupContract, cleanupOnTwoInstances } from "./cleanup-contract.ts";
import { consoleContract } from "./console-contract.ts";
import { persistenceContract } from "./persistence-contract.ts";
import { schemaContract } from "./schema-contract.ts";
import { securityContract } from "./security-contract.ts";

let server: PostgresServer;
let persistence: Persistence;
let db: Kysely<Database>;
let second: Persistence;
beforeAll(async () => {
  server = await startPostgres();
  db = await connectDatabase(server.url);
  persistence = createSqlPersistence(db);
  // A second instance against the same database, as behind a load balancer.
  second = createSqlPersistence(await connectDatabase(server.url));
}, 60_000);
afterAll(async () => {
  await persistence?.close();
  await second?.close();
  await server?.stop();
});

persistenceContract("PostgreSQL", () => persistence);
securityContract("PostgreSQL", () => persistence);
schemaContract("PostgreSQL", () => db);
consoleContract(
  "PostgreSQL",
  () => persistence,
  () => db,
);

cleanupContract(
  "PostgreSQL",
  () => persistence,
  () => db,
);
cleanupOnTwoInstances(
  () => persistence,
  () => second,
  () => db,
);

describe("two instances on one PostgreSQL", () => {
  it("share rate limit counters and see each other's revocations", async () => {
    const key = `shared-${crypto.randomUUID()}`;
    const now = new Date();
    await persistence.limits.hit(key, 60_000, now);
    expect((await second.limits.hit(key, 60_000, now)).count).toBe(2);
  });

  it("makes a session stored while a lock is being set wait for it (docs/console.md#locking-an-account)", async () => {
    // session/account-lock.ts rests on this: the console's change holds the account's row, and
    // a new session's foreign key waits for it, so the sign-in reads the lock after it is set.
    const now = new Date();
    const id = crypto.randomUUID();
    await persistence.identities.createIdentity({
      id,
      schema_id: "default",
      state: "active",
      traits: { email: `race-${id}@example.com` },
      metadata_public: null,
      metadata_admin: null,
      credentials: [],
      verifiable_addresses: [],
      recovery_addresses: [],
      created_at: now,
      updated_at: now,
    });
    const session = {
      id: crypto.randomUUID(),
      identity_id: id,
      active: true,
      aal: "aal1" as const,
      authentication_methods: [],
      devices: [],
      authenticated_at: now,
      issued_at: now,
      expires_at: new Date(now.getTime() + 60_000),
    };
    let stored: Promise<void> | undefined;
    await persistence.transaction(async (tx) => {
      expect(await tx.console.holdIdentity(id)).toBe(true);
      stored = second.sessions.createSession(session, `t-${id}`, `l-${id}`);
      // The other instance's insert waits for the held row.
      for (;;) {
        const { rows } = await sql<{ waiting: string }>`
          select count(*) as waiting from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'insert into "sessions"%'`.execute(db);
        if (Number(rows[0]?.waiting) > 0) break;
      }
      await tx.locks.putLock({
        identity_id: id,
        locked_at: now,
        until: null,
        reason: "race",
        locked_by: null,
      });
    });
    await stored;
    expect(await second.locks.activeLock(id, new Date())).toBeDefined();
  });
});
