import { afterAll, beforeAll } from "vitest";
import type { Persistence } from "../../src/persistence/persistence.ts";
import { connectDatabase } from "../../src/persistence/sql/connect.ts";
import { createSqlPersistence } from "../../src/persistence/sql/sql-persistence.ts";
import { persistenceContract } from "./persistence-contract.ts";
import { securityContract } from "./security-contract.ts";

let persistence: Persistence;
beforeAll(async () => {
  persistence = createSqlPersistence(await connectDatabase("memory://"));
});
afterAll(async () => persistence?.close());

persistenceContract("PGlite", () => persistence);
securityContract("PGlite", () => persistence);
