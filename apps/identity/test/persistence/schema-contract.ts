import { type Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../src/persistence/sql/database.ts";

// What the schema must hold on PGlite and PostgreSQL alike, beyond what each persister's
// answers show: an account's rows are found by key, so loading, changing or deleting one costs
// the same with a hundred customers as with a million (migration 0009).

export function schemaContract(name: string, db: () => Kysely<Database>): void {
  describe(`schema contract: ${name}`, () => {
    it("has an index led by every foreign key's column, so no lookup by it reads a whole table", async () => {
      const { rows } = await sql<{ foreign_key: string }>`
        select c.conrelid::regclass::text || '.' || a.attname as foreign_key
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f'
          and not exists (
            select 1 from pg_index i
            where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]
          )
        order by 1`.execute(db());
      expect(rows.map((row) => row.foreign_key)).toEqual([]);
    });
  });
}
