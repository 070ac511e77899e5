import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import pg from "pg";
import type { Database } from "./database.ts";
import * as initial from "./migrations/0001-initial.ts";

const migrations: Record<string, Migration> = { "0001-initial": initial };

/**
 * Opens the database named by the DSN: `pglite://<folder>` (embedded, created on first use),
 * `memory://` (embedded, in memory, for tests) or `postgres://...` (a shared server, for
 * several instances). Applies pending migrations before returning.
 */
export async function connectDatabase(dsn: string): Promise<Kysely<Database>> {
  const db = new Kysely<Database>({ dialect: dialectFor(dsn) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw new Error("database migration failed", { cause: error });
  }
  return db;
}

function dialectFor(dsn: string): PGliteDialect | PostgresDialect {
  if (dsn.startsWith("postgres://") || dsn.startsWith("postgresql://")) {
    return new PostgresDialect({ pool: new pg.Pool({ connectionString: dsn, max: 10 }) });
  }
  if (dsn === "memory://") return new PGliteDialect({ pglite: () => new PGlite() });
  if (dsn.startsWith("pglite://")) {
    const folder = dsn.slice("pglite://".length);
    mkdirSync(folder, { recursive: true });
    return new PGliteDialect({ pglite: () => new PGlite(folder) });
  }
  throw new Error(`unsupported dsn "${dsn}": use pglite://<folder>, memory:// or postgres://`);
}
