import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Persistence } from "../../src/persistence/persistence.ts";
import { connectDatabase } from "../../src/persistence/sql/connect.ts";
import type { Database } from "../../src/persistence/sql/database.ts";
import { createSqlPersistence } from "../../src/persistence/sql/sql-persistence.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import { consoleContract } from "./console-contract.ts";
import { persistenceContract } from "./persistence-contract.ts";
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
consoleContract(
  "PostgreSQL",
  () => persistence,
  () => db,
);

describe("two instances on one PostgreSQL", () => {
  it("share rate limit counters and see each other's revocations", async () => {
    const key = `shared-${crypto.randomUUID()}`;
    const now = new Date();
    await persistence.limits.hit(key, 60_000, now);
    expect((await second.limits.hit(key, 60_000, now)).count).toBe(2);
  });
});
