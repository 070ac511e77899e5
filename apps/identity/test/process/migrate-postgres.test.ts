import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, openDatabase } from "../../src/persistence/sql/connect.ts";
import { migrationNames } from "../../src/persistence/sql/migrate.ts";
import { createSqlPersistence } from "../../src/persistence/sql/sql-persistence.ts";
import { runMain } from "../support/child-service.ts";
import { insertFlowRow } from "../support/flow-rows.ts";
import { freePort } from "../support/free-port.ts";
import { type Harness, startHarness } from "../support/harness.ts";
import { type PostgresServer, startPostgres } from "../support/postgres.ts";
import { parsePrometheus } from "../support/prometheus.ts";

// docs/production.md#migrate: `main.ts migrate` on PostgreSQL, run by two instances at the same moment on a fresh
// database; `auto_migrate: false` refusing a schema that is behind; the pool's metrics; and the
// other commands, `cleanup` run twice at once (docs/production.md#pruning-expired-rows) and
// `console add-admin` (docs/console.md#the-first-admin).

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(async () => server?.stop());

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function freshDatabase(name: string): Promise<string> {
  await query(server.url, `CREATE DATABASE ${name}`);
  return server.url.replace(/\/postgres$/, `/${name}`);
}

describe("migrate on PostgreSQL", () => {
  it("lets two instances migrate a fresh database at once, each migration applied once", async () => {
    const url = await freshDatabase("concurrent");
    const env = { DEV: "true", DATABASE_URL: url };
    const runs = await Promise.all([runMain(["migrate"], env), runMain(["migrate"], env)]);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stderr: "" });

    const reports = runs.map((run) => JSON.parse(run.stdout.trim()) as { applied: string[] });
    expect(reports.flatMap((r) => r.applied).sort()).toEqual(migrationNames);
    const executed = await query<{ name: string }>(
      url,
      "SELECT name FROM kysely_migration ORDER BY name",
    );
    expect(executed.map((row) => row.name)).toEqual(migrationNames);
    const indexes = await query<{ indexname: string }>(
      url,
      "SELECT indexname FROM pg_indexes WHERE tablename = 'courier_messages' ORDER BY indexname",
    );
    expect(indexes.map((row) => row.indexname)).toEqual([
      "courier_messages_finished_idx",
      "courier_messages_pkey",
      "courier_messages_recipient_idx",
      "courier_messages_type_due_idx",
    ]);

    const again = await runMain(["migrate"], env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout.trim())).toMatchObject({
      applied: [],
      msg: "the database schema is up to date",
    });
  });

  it("refuses to serve a schema that is behind when auto_migrate is off", async () => {
    const url = await freshDatabase("behind");
    await expect(openDatabase(url, { migrations: "check" })).rejects.toThrow(
      `the database schema is behind (pending: ${migrationNames.join(", ")}): run the migrate command first, or set auto_migrate: true`,
    );
  });
});

describe("cleanup on PostgreSQL", () => {
  it("deletes what expired longer ago than cleanup.keep, prints the counts and exits 0, twice at once", async () => {
    const url = await freshDatabase("cleanup");
    const env = { DEV: "true", DATABASE_URL: url, CLEANUP_KEEP: "24h" };
    const db = await connectDatabase(url);
    const now = Date.now();
    const [old, recent] = [crypto.randomUUID(), crypto.randomUUID()];
    try {
      await insertFlowRow(db, new Date(now - 2 * 86_400_000), old);
      await insertFlowRow(db, new Date(now - 3_600_000), recent);
      const runs = await Promise.all([runMain(["cleanup"], env), runMain(["cleanup"], env)]);
      for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stderr: "" });
      // One swept; the other swept after it (nothing left) or found it sweeping.
      const swept = runs.filter((run) => run.stdout.includes("expired rows deleted"));
      expect(swept.length).toBeGreaterThanOrEqual(1);
      for (const run of runs.filter((r) => !swept.includes(r)))
        expect(run.stdout).toBe("another instance is sweeping now; nothing deleted\n");
      const counts = swept.map((run) =>
        Number(/^selfservice_flows +(\d+)$/m.exec(run.stdout)?.[1]),
      );
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      expect(swept[0]!.stdout).toMatch(/^sessions +\d+$/m);
      expect(swept[0]!.stdout).toMatch(/^rate_limits +\d+$/m);
      const left = await db.selectFrom("selfservice_flows").select("id").execute();
      expect(left.map((row) => row.id)).toEqual([recent]);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it("exits 1 when PostgreSQL cannot be reached, instead of waiting for it (cron runs it again)", async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/nowhere`;
    const run = await runMain(["cleanup"], { DEV: "true", DATABASE_URL: url });
    expect(run).toMatchObject({ code: 1, stdout: "" });
    expect(run.stderr).toContain("no connection to the database");
  });
});

describe("console add-admin on PostgreSQL", () => {
  it("makes the first admin, audited without a staff member; a second run changes nothing", async () => {
    const url = await freshDatabase("console_admin");
    const env = { DEV: "true", DATABASE_URL: url, AUTO_MIGRATE: "true" };
    const persistence = createSqlPersistence(await connectDatabase(url));
    const email = "chefin@example.com";
    const now = new Date();
    const id = crypto.randomUUID();
    try {
      await persistence.identities.createIdentity({
        id,
        schema_id: "default",
        state: "active",
        traits: { email, name: { first: "Clara", last: "Chefin" } },
        metadata_public: null,
        metadata_admin: null,
        credentials: [],
        verifiable_addresses: [],
        recovery_addresses: [],
        created_at: now,
        updated_at: now,
      });
      const first = await runMain(["console", "add-admin", "Chefin@Example.com"], env);
      expect(first, first.stderr).toMatchObject({ code: 0 });
      expect(first.stdout).toBe(`${email} (${id}) is now an admin\n`);
      expect((await persistence.console.staffRole(id))?.role).toBe("admin");
      const [entry] = await persistence.console.listAudit({ targetId: id, limit: 5 });
      expect(entry).toMatchObject({
        staff_id: null,
        staff_email: null,
        staff_role: null,
        action: "staff.role_change",
        reason: "granted on the command line (console add-admin)",
        details: { from: null, to: "admin", via: "command" },
      });

      const again = await runMain(["console", "add-admin", email, "--reason", "noch mal"], env);
      expect(again.stdout).toBe(`${email} is an admin already; nothing changed\n`);
      expect(await persistence.console.listAudit({ targetId: id, limit: 5 })).toHaveLength(1);

      const unknown = await runMain(["console", "add-admin", "niemand@example.com"], env);
      expect(unknown).toMatchObject({ code: 1, stdout: "" });
      expect(unknown.stderr).toContain("no account has the email address niemand@example.com");
    } finally {
      await persistence.close();
    }
    // Three processes, each loading the service's source.
  }, 60_000);
});

describe("metrics on PostgreSQL", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({}, { dsn: await freshDatabase("metrics") });
  });
  afterAll(async () => h?.close());

  it("reports the connection pool", async () => {
    await fetch(`${h.publicUrl}/self-service/login/api`);
    const metrics = parsePrometheus(await (await fetch(`${h.adminUrl}/metrics`)).text());
    expect(metrics.value("moos_identity_database_info", { driver: "postgres" })).toBe(1);
    expect(metrics.value("moos_identity_database_pool_max_connections")).toBe(10);
    expect(metrics.value("moos_identity_database_pool_connections")).toBeGreaterThan(0);
    // Idle and waiting change with every query (the dispatchers poll): only their presence holds.
    for (const name of ["idle_connections", "waiting_requests"])
      expect(metrics.types.get(`moos_identity_database_pool_${name}`)).toBe("gauge");
  });
});
