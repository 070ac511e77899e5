import { PGlite } from "@electric-sql/pglite";
import { Kysely } from "kysely";
import type { Database } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { FastPGliteDialect } from "./pglite-dialect.ts";
import { pgliteOptions } from "./pglite-options.ts";

// The child process of pglite-folder.ts: `node pglite-folder-child.js <folder> create|migrate`
// creates the PGlite data folder (initdb) and, with `migrate`, applies the migrations; then it
// exits, and its memory with it.

const [folder, mode] = process.argv.slice(2);
if (!folder || (mode !== "create" && mode !== "migrate")) {
  console.error("usage: pglite-folder-child <folder> create|migrate");
  process.exit(2);
}
const pglite = new PGlite(folder, pgliteOptions);
await pglite.waitReady;
if (mode === "migrate") {
  const db = new Kysely<Database>({ dialect: new FastPGliteDialect({ pglite: () => pglite }) });
  await migrateToLatest(db);
  await db.destroy();
}
if (!pglite.closed) await pglite.close();
