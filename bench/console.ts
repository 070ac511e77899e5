import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Kysely, sql } from "kysely";
import { connectDatabase } from "../apps/identity/src/persistence/sql/connect.ts";
import type { Database } from "../apps/identity/src/persistence/sql/database.ts";
import {
  emailKey,
  fullNameKey,
} from "../apps/identity/src/persistence/sql/migrations/0007-console-search.ts";
import { startPostgres } from "../apps/identity/test/support/postgres.ts";
import { withIdentityProcessEnv } from "../scripts/identity-process-env.mjs";
import type { Row } from "./support/measure.ts";
import { benchAdminToken, benchEnv, root, type Service, startService } from "./support/service.ts";

// The console's search over 1,000,000 customers (docs/console.md#search), on PGlite and on
// PostgreSQL: `BENCH_PARTS=console npm run bench`, or alone: `node --conditions=development
// bench/console.ts [ROWS]`. The customers come from `npm run import` (a CSV of varied German
// names, as a shop's would be); an admin from `npm run console -- add-admin`; then the compiled
// service, pinned to its own core, answers searches one at a time from the console's API, as
// support staff send them: exact email, id, a 2-letter name start, a first name, "first last"
// started. Each search is also an audit entry, as in production. Also timed: building the
// search indexes (migration 0007) and the key indexes (0009) on an existing million, the cost
// of those upgrades.

const consoleToken = "bench-console-token-0123456789abcdef";
const port = 5343;
const warmup = 30;
const perKind = 200;
const goalMs = 200;

const firstNames = [
  "Erika",
  "Max",
  "Anna",
  "Lukas",
  "Marie",
  "Jonas",
  "Sophie",
  "Leon",
  "Emma",
  "Paul",
  "Mia",
  "Felix",
  "Hannah",
  "Elias",
  "Lea",
  "Noah",
  "Lina",
  "Ben",
  "Clara",
  "Finn",
  "Greta",
  "Jakob",
  "Ida",
  "Emil",
  "Frieda",
  "Anton",
  "Mathilda",
  "Theo",
  "Luise",
  "Oskar",
  "Ümran",
  "Özlem",
  "Jürgen",
  "Sabine",
  "Thomas",
  "Petra",
  "Michael",
  "Andrea",
  "Stefan",
  "Claudia",
  "Karl",
  "Ingrid",
  "Wolfgang",
  "Ursula",
  "Dieter",
  "Renate",
  "Helmut",
  "Monika",
  "Uwe",
  "Gisela",
];
const lastNames = [
  "Müller",
  "Schmidt",
  "Schneider",
  "Fischer",
  "Weber",
  "Meyer",
  "Wagner",
  "Becker",
  "Schulz",
  "Hoffmann",
  "Schäfer",
  "Koch",
  "Bauer",
  "Richter",
  "Klein",
  "Wolf",
  "Schröder",
  "Neumann",
  "Schwarz",
  "Zimmermann",
  "Braun",
  "Krüger",
  "Hofmann",
  "Hartmann",
  "Lange",
  "Schmitt",
  "Werner",
  "Schmitz",
  "Krause",
  "Meier",
  "Lehmann",
  "Schmid",
  "Schulze",
  "Maier",
  "Köhler",
  "Herrmann",
  "König",
  "Walter",
  "Mayer",
  "Huber",
  "Kaiser",
  "Fuchs",
  "Peters",
  "Lang",
  "Scholz",
  "Möller",
  "Weiß",
  "Jung",
  "Hahn",
  "Mustermann",
  "Yılmaz",
  "Kaya",
  "Nowak",
  "Kowalski",
  "Rossi",
  "García",
  "Nguyen",
  "Öztürk",
  "Vogel",
  "Friedrich",
];

const ascii = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();

/** The i-th customer: every first name with every last name, over and over, as in a real shop. */
function customerRow(i: number): { email: string; first: string; last: string } {
  const first = firstNames[i % firstNames.length]!;
  const last = lastNames[Math.floor(i / firstNames.length) % lastNames.length]!;
  return { email: `${ascii(first)}.${ascii(last)}.${i}@example.org`, first, last };
}

async function writeCustomers(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file);
  out.write("email,first_name,last_name,password_hash,verified\n");
  for (let i = 0; i < rows; i++) {
    const { email, first, last } = customerRow(i);
    if (!out.write(`${email},${first},${last},,${i % 3 === 0}\n`)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

function serviceEnv(dsn: string): Record<string, string> {
  return { CONSOLE_ENABLED: "true", CONSOLE_TOKEN: consoleToken, DSN: dsn };
}

async function runImport(adminUrl: string, file: string, rows: number): Promise<number> {
  const started = performance.now();
  const cli = spawn(
    process.execPath,
    ["--conditions=development", "apps/identity/src/import/cli.ts", file, "--admin-url", adminUrl],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, IDENTITY_ADMIN_TOKEN: benchAdminToken },
    },
  );
  let stdout = "";
  cli.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  const [code] = (await once(cli, "close")) as [number];
  if (code !== 0 || !stdout.includes(`${rows} created`))
    throw new Error(`import failed: ${stdout}`);
  return (performance.now() - started) / 1000;
}

/** `npm run console -- add-admin` against the stopped service's database. */
function addAdmin(dsn: string, email: string): void {
  const run = spawnSync(
    process.execPath,
    ["apps/identity/dist/main.js", "console", "add-admin", email],
    {
      cwd: root,
      encoding: "utf8",
      env: withIdentityProcessEnv({ ...process.env, ...benchEnv(port), ...serviceEnv(dsn) }),
    },
  );
  if (run.status !== 0) throw new Error(`add-admin failed: ${run.stderr}`);
}

interface Query {
  kind: string;
  q: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One search through the console's API; its time in ms and the ids it found. */
async function search(
  service: Service,
  staffId: string,
  q: string,
): Promise<{ ms: number; ids: string[] }> {
  const url = `${service.adminUrl}/admin/console/customers?q=${encodeURIComponent(q)}`;
  const start = performance.now();
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${consoleToken}`,
      accept: "application/json",
      "x-moos-staff-id": staffId,
      "x-moos-staff-ip": "198.51.100.7",
    },
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { results?: { id: string }[] };
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`search ${q}: ${response.status}`);
  if (!body.results?.length) throw new Error(`search ${q} found nothing`);
  return { ms, ids: body.results.map((result) => result.id) };
}

/** Searches one at a time; returns each kind's latencies in ms. */
async function measureSearches(
  service: Service,
  staffId: string,
  queries: Query[],
): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>();
  for (const [index, query] of queries.entries()) {
    const { ms } = await search(service, staffId, query.q);
    if (index < warmup) continue;
    const list = times.get(query.kind) ?? [];
    list.push(ms);
    times.set(query.kind, list);
  }
  return times;
}

/** Customer ids to search for, found as staff find them: by email (not timed). */
async function someIds(service: Service, staffId: string, rows: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 100; i++) {
    const found = await search(service, staffId, customerRow((i * 15_485_863) % rows).email);
    ids.push(...found.ids);
  }
  return ids;
}

function queriesFor(rows: number, ids: string[]): Query[] {
  const pick = <T>(list: readonly T[], i: number): T => list[(i * 7919) % list.length]!;
  const kinds: ((i: number) => Query)[] = [
    (i) => ({ kind: "exact email", q: customerRow((i * 104_729) % rows).email }),
    (i) => ({ kind: "customer id", q: pick(ids, i) }),
    (i) => ({ kind: "name, 2 letters", q: pick([...firstNames, ...lastNames], i).slice(0, 2) }),
    (i) => ({ kind: "first name", q: pick(firstNames, i) }),
    (i) => ({
      kind: "first name + start of last",
      q: `${pick(firstNames, i)} ${pick(lastNames, i + 3).slice(0, 2)}`,
    }),
  ];
  const queries: Query[] = [];
  for (let i = 0; i < warmup; i++) queries.push(kinds[i % kinds.length]!(i));
  for (let i = 0; i < perKind; i++) for (const kind of kinds) queries.push(kind(i));
  return queries;
}

/** The indexes whose building on a million the bench times, by migration. */
const timedIndexes = {
  "0007": [
    "identities_email_search_idx",
    "identities_full_name_search_idx",
    "identities_last_name_search_idx",
  ],
  "0009": [
    "identity_credential_identifiers_identity_id_idx",
    "identity_credential_identifiers_credential_id_idx",
    "identity_verifiable_addresses_identity_id_idx",
    "identity_recovery_addresses_identity_id_idx",
    "security_links_identity_id_idx",
    "selfservice_flows_identity_id_idx",
  ],
} as const;

/** Drops and builds a migration's indexes again: what the migration costs on a million. */
async function timeIndexBuild(db: Kysely<Database>, names: readonly string[]): Promise<number> {
  const { rows } = await sql<{ indexdef: string; indexname: string }>`
    select indexname, indexdef from pg_indexes where indexname in (${sql.join(names)})`.execute(db);
  if (rows.length !== names.length) throw new Error(`indexes missing: ${names.join(", ")}`);
  for (const row of rows) await sql.raw(`drop index ${row.indexname}`).execute(db);
  const started = performance.now();
  for (const row of rows) await sql.raw(row.indexdef).execute(db);
  return (performance.now() - started) / 1000;
}

/** The searches' plans, for the log, and each migration's index building, timed. */
async function timeIndexBuilds(
  dsn: string,
  log: (message: string) => void,
): Promise<Record<keyof typeof timedIndexes, number>> {
  const db = await connectDatabase(dsn);
  try {
    // The plans the searches get: index ranges, no scan of the table.
    for (const [label, where] of [
      ["email", sql`${emailKey} = lower('erika.muller.0@example.org')`],
      [
        "name",
        sql`${fullNameKey} >= ('er' collate "C") and ${fullNameKey} < (('er' || chr(1114111)) collate "C") order by ${fullNameKey}, id limit 20`,
      ],
    ] as const) {
      const plan = await sql<{
        "QUERY PLAN": string;
      }>`explain select id from identities where ${where}`.execute(db);
      log(`plan (${label}): ${plan.rows.map((r) => r["QUERY PLAN"].trim()).join(" | ")}`);
    }
    return {
      "0007": await timeIndexBuild(db, timedIndexes["0007"]),
      "0009": await timeIndexBuild(db, timedIndexes["0009"]),
    };
  } finally {
    await db.destroy();
  }
}

export interface ConsoleBenchOptions {
  rows: number;
  /** taskset's CPU list for the service while searches are measured. */
  serviceCpus: string;
  allCpus: string;
  log: (message: string) => void;
}

async function oneDatabase(
  db: "PGlite" | "PostgreSQL",
  dsn: string,
  file: string,
  options: ConsoleBenchOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const { rows, log } = options;
  const start = (cpus: string) =>
    startService({ dsn, cpus, publicPort: port, env: serviceEnv(dsn) });
  let service = await start(options.allCpus);
  const adminEmail = "chefin@bench.example";
  let importSeconds: number;
  let staffId: string;
  try {
    log(`console on ${db}: importing ${rows.toLocaleString("en")} customers`);
    importSeconds = await runImport(service.adminUrl, file, rows);
    staffId = await createStaffAccount(service, adminEmail);
  } finally {
    await service.stop();
  }
  addAdmin(dsn, adminEmail);
  log(
    `console on ${db}: imported in ${importSeconds.toFixed(0)} s; building the indexes of 0007 and 0009 again`,
  );
  const indexSeconds = await timeIndexBuilds(dsn, log);
  log(
    `console on ${db}: the indexes took ${indexSeconds["0007"].toFixed(1)} s (0007) and ${indexSeconds["0009"].toFixed(1)} s (0009)`,
  );
  service = await start(options.serviceCpus);
  try {
    const ids = await someIds(service, staffId, rows);
    log(`console on ${db}: searching`);
    const times = await measureSearches(service, staffId, queriesFor(rows, ids));
    const all = [...times.values()].flat().sort((a, b) => a - b);
    const figure = (label: string, list: number[]): Row => {
      const sorted = [...list].sort((a, b) => a - b);
      const p95 = percentile(sorted, 95);
      return {
        figure: `console search over ${rows.toLocaleString("en")} customers, ${label}, one at a time (p50 / p95 / p99)`,
        db,
        goal: `p95 < ${goalMs} ms`,
        measured: `${percentile(sorted, 50).toFixed(1)} / ${p95.toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} ms (${sorted.length} searches)`,
        met: p95 < goalMs,
      };
    };
    return {
      rows: [
        figure("all kinds", all),
        ...[...times.entries()].map(([kind, list]) => figure(kind, list)),
      ],
      notes: [
        `${db}: the import took ${importSeconds.toFixed(0)} s (${(rows / importSeconds).toFixed(0)} identities/s, the search indexes in place); building the three search indexes of migration 0007 on the imported customers took ${indexSeconds["0007"].toFixed(1)} s, the six key indexes of migration 0009 ${indexSeconds["0009"].toFixed(1)} s.`,
      ],
    };
  } finally {
    await service.stop();
  }
}

/** The admin who searches: an account made through the admin API, its role from the command. */
async function createStaffAccount(service: Service, email: string): Promise<string> {
  const response = await fetch(`${service.adminUrl}/admin/identities`, {
    method: "POST",
    headers: { authorization: `Bearer ${benchAdminToken}`, "content-type": "application/json" },
    body: JSON.stringify({
      schema_id: "default",
      traits: { email, name: { first: "Clara", last: "Chefin" } },
    }),
  });
  if (response.status !== 201) throw new Error(`creating the admin: ${response.status}`);
  return ((await response.json()) as { id: string }).id;
}

export async function consoleRows(
  options: ConsoleBenchOptions,
): Promise<{ rows: Row[]; notes: string[] }> {
  const folder = mkdtempSync(join(tmpdir(), "moos-bench-console-"));
  try {
    const file = join(folder, "customers.csv");
    await writeCustomers(file, options.rows);
    const pglite = await oneDatabase("PGlite", `pglite://${join(folder, "db")}`, file, options);
    const server = await startPostgres();
    try {
      const postgres = await oneDatabase("PostgreSQL", server.url, file, options);
      return {
        rows: [...pglite.rows, ...postgres.rows],
        notes: [...pglite.notes, ...postgres.notes],
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = Number(process.argv[2] ?? 1_000_000);
  const result = await consoleRows({
    rows,
    serviceCpus: "0",
    allCpus: "0-1",
    log: (message) => console.log(message),
  });
  console.log(
    result.rows.map((r) => `| ${r.figure} | ${r.db} | ${r.goal} | ${r.measured} |`).join("\n"),
  );
  console.log(result.notes.join("\n"));
}
