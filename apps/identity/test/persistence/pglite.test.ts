import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import type { Persistence } from "../../src/persistence/persistence.ts";
import { connectDatabase } from "../../src/persistence/sql/connect.ts";
import type { Database } from "../../src/persistence/sql/database.ts";
import { createSqlPersistence } from "../../src/persistence/sql/sql-persistence.ts";
import { cleanupContract } from "./cleanup-contract.ts";
import { consoleContract } from "./console-contract.ts";
import { persistenceContract } from "./persistence-contract.ts";
import { schemaContract } from "./schema-contract.ts";
import { securityContract } from "./security-contract.ts";

let persistence: Persistence;
let db: Kysely<Database>;
beforeAll(async () => {
  db = await connectDatabase("memory://");
  persistence = createSqlPersistence(db);
});
afterAll(async () => persistence?.close());

persistenceContract("PGlite", () => persistence);
securityContract("PGlite", () => persistence);
schemaContract("PGlite", () => db);
consoleContract(
  "PGlite",
  () => persistence,
  () => db,
);
cleanupContract(
  "PGlite",
  () => persistence,
  () => db,
);
