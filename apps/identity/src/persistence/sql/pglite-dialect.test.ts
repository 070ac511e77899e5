import { PGlite } from "@electric-sql/pglite";
import { Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FastPGliteDialect } from "./pglite-dialect.ts";

interface Db {
  plants: { id: number; name: string; bought: Date | string };
}

let pglite: PGlite;
let db: Kysely<Db>;
beforeAll(async () => {
  pglite = new PGlite();
  db = new Kysely<Db>({ dialect: new FastPGliteDialect({ pglite: () => pglite }) });
  await sql`create table plants (id int primary key, name text not null, bought timestamptz)`.execute(
    db,
  );
});
afterAll(async () => db?.destroy());

describe("FastPGliteDialect", () => {
  it("runs repeated statements with parameters, dates and nulls as pglite.query does", async () => {
    const bought = new Date("2026-11-01T10:00:00.000Z");
    for (const [id, name] of [
      [1, "Farn"],
      [2, "Moos"],
    ] as const) {
      await db.insertInto("plants").values({ id, name, bought }).execute();
    }
    const rows = await db.selectFrom("plants").selectAll().orderBy("id").execute();
    expect(rows).toEqual([
      { id: 1, name: "Farn", bought },
      { id: 2, name: "Moos", bought },
    ]);
    const updated = await db
      .updateTable("plants")
      .set({ name: "Efeu" })
      .where("id", "in", [1, 2])
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
    const ids = await sql<{
      id: number;
    }>`select id from plants where id = any(${[2, 3]}::int[])`.execute(db);
    expect(ids.rows).toEqual([{ id: 2 }]);
  });

  it("keeps other queries out of a transaction until it ends", async () => {
    const events: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto("plants")
        .values({ id: 10, name: "Kaktus", bought: new Date() })
        .execute();
      // Another request's query, started while the transaction is open, must wait for its end.
      outside = db
        .selectFrom("plants")
        .select("name")
        .where("id", "=", 10)
        .execute()
        .then((rows) => events.push(`outside saw ${rows.length}`));
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push("committing");
    });
    await outside;
    expect(events).toEqual(["committing", "outside saw 1"]);
  });

  it("answers database errors with their code and stays usable; a failed transaction rolls back", async () => {
    const error = await db
      .insertInto("plants")
      .values({ id: 1, name: "again", bought: new Date() })
      .execute()
      .catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe("23505");
    await expect(
      db.transaction().execute(async (tx) => {
        await tx
          .insertInto("plants")
          .values({ id: 20, name: "Palme", bought: new Date() })
          .execute();
        await tx
          .insertInto("plants")
          .values({ id: 20, name: "Palme", bought: new Date() })
          .execute();
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(await db.selectFrom("plants").select("id").where("id", "=", 20).execute()).toEqual([]);
  });

  it("prepares a statement again after the table changed under it", async () => {
    const select = () => db.selectFrom("plants").selectAll().where("id", "=", 2).execute();
    await select();
    await sql`alter table plants add column watered boolean not null default false`.execute(db);
    expect((await select())[0]).toMatchObject({ id: 2, watered: false });
  });

  it("delivers notifications committed by a transaction before it returns", async () => {
    const heard: string[] = [];
    await pglite.listen("plants_changed", (payload) => heard.push(payload));
    await db.transaction().execute(async (tx) => {
      await sql`select pg_notify('plants_changed', 'Farn')`.execute(tx);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(["Farn"]);
  });
});
