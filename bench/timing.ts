import { pathToFileURL } from "node:url";
import { createPasswordHasher } from "../apps/identity/src/hash/index.ts";
import type { Identity } from "../apps/identity/src/identity/identity.ts";
import { type Harness, startHarness } from "../apps/identity/test/support/harness.ts";
import { startPostgres } from "../apps/identity/test/support/postgres.ts";
import { ksTwoSample, median } from "./ks-test.ts";

// docs/security.md#no-timing-oracle: does a failed sign-in, a recovery request or the
// identifier-first step take a measurably different time for a registered address than for an
// unknown one (and for accounts without a password: social-only, imported without hash)? Each comparison sends 300 + 300 requests,
// interleaved pair by pair in a random order so the machine's noise hits both groups alike,
// every request with an identifier of its own (no throttling state is shared), and compares
// the two samples of response times with the two-sample Kolmogorov-Smirnov test. p >= 0.01 is
// the bar: below it the two groups can be told apart. Next to the client's time each row names
// the server's database time per request (medians), the phase that differed before the fix.
//
// Alone: `npm run bench:timing` (PGlite; `-- --postgres` adds PostgreSQL, `-- --samples N`,
// `-- --only identifier` runs the comparisons whose name holds that text).
// `npm run bench` runs this file in a process of its own and writes its rows into BENCHMARKS.md.

const password = "Bench-Farn-2026!";
const wrongPassword = "Falsch-Bench-2026";

interface Sample {
  ms: number;
  dbMs: number;
  dbQueries: number;
}

interface Case {
  name: string;
  /** What group A is (group B is always an unknown address). */
  known: string;
  pool: readonly string[];
  /** Makes the flow (not timed) and returns the submit to time. */
  prepare(address: string): Promise<() => Promise<Response>>;
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

function apiInit(h: Harness, flow: string): Promise<{ id: string }> {
  return fetch(`${h.publicUrl}/self-service/${flow}/api`, {
    headers: { accept: "application/json" },
  }).then(json<{ id: string }>);
}

/** A new api flow (not timed) and its submit (timed). */
async function prepareSubmit(
  h: Harness,
  flow: "login" | "recovery",
  body: Record<string, unknown>,
): Promise<() => Promise<Response>> {
  const { id } = await apiInit(h, flow);
  return () =>
    fetch(`${h.publicUrl}/self-service/${flow}?flow=${id}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
}

async function dbTotals(h: Harness): Promise<{ ms: number; count: number }> {
  const { values } = await h.app.metrics.dbQueryDuration.get();
  const sum = (name: string): number =>
    values
      .filter((v) => v.metricName === `moos_identity_database_query_duration_seconds_${name}`)
      .reduce((total, v) => total + v.value, 0);
  return { ms: sum("sum") * 1000, count: sum("count") };
}

async function timed(h: Harness, call: () => Promise<Response>): Promise<Sample> {
  const dbBefore = await dbTotals(h);
  const start = performance.now();
  const response = await call();
  await response.arrayBuffer();
  const ms = performance.now() - start;
  const dbAfter = await dbTotals(h);
  if (response.status >= 500 || response.status === 429)
    throw new Error(`the service answered ${response.status}`);
  return { ms, dbMs: dbAfter.ms - dbBefore.ms, dbQueries: dbAfter.count - dbBefore.count };
}

/**
 * Accounts for every group, made through the batch import with one precomputed hash: one pool
 * of registered accounts and one of accounts imported without hash per comparison that uses
 * them (an address a comparison has used carries that comparison's state, throttling rows and
 * codes, which the unknown group, fresh each time, would lack), and one social-only.
 */
async function createAccounts(
  h: Harness,
  prefix: string,
  count: number,
  pools: { registered: number; imported: number },
): Promise<{ registered: string[][]; imported: string[][]; social: string[] }> {
  const hasher = createPasswordHasher({
    argon2: { memoryKib: 19_456, iterations: 2, parallelism: 1 },
  });
  const hash = await hasher.hash(password);
  const registered = Array.from({ length: pools.registered }, () =>
    Array.from({ length: count }, () => address()),
  );
  const imported = Array.from({ length: pools.imported }, () =>
    Array.from({ length: count }, () => address()),
  );
  const social = Array.from({ length: count }, () => address());
  const create = (email: string, credentials?: Record<string, unknown>) => ({
    create: {
      schema_id: "default",
      traits: { email, name: { first: "Be", last: "Nch" } },
      verifiable_addresses: [{ value: email, via: "email", verified: true, status: "completed" }],
      ...(credentials
        ? { credentials }
        : { metadata_admin: { migration: { source: "bench", imported_at: "2026-01-01" } } }),
    },
  });
  const entries = [
    ...registered
      .flat()
      .map((email) => create(email, { password: { config: { hashed_password: hash } } })),
    ...imported.flat().map((email) => create(email)),
  ];
  for (let i = 0; i < entries.length; i += 500) {
    const response = await fetch(`${h.adminUrl}/admin/identities`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${h.adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ identities: entries.slice(i, i + 500) }),
    });
    if (response.status !== 200) throw new Error(`import failed: ${await response.text()}`);
  }
  // Social-only accounts: the admin API imports no social links, so they go in directly.
  const now = new Date();
  const issuer = "https://bench-provider.example";
  await h.app.deps.persistence.identities.createIdentities(
    social.map((email, i): Identity => {
      const subject = `${prefix}-subject-${i}`;
      return {
        id: crypto.randomUUID(),
        schema_id: "default",
        state: "active",
        traits: { email, name: { first: "Be", last: "Nch" } },
        metadata_public: null,
        metadata_admin: null,
        credentials: [
          {
            id: crypto.randomUUID(),
            type: "oidc",
            identifiers: [`${issuer}#${subject}`],
            config: { providers: [{ provider: "bench", issuer, subject }] },
            version: 0,
            created_at: now,
            updated_at: now,
          },
        ],
        verifiable_addresses: [
          {
            id: crypto.randomUUID(),
            value: email,
            verified: true,
            via: "email",
            status: "completed",
            created_at: now,
            updated_at: now,
          },
        ],
        recovery_addresses: [
          { id: crypto.randomUUID(), value: email, via: "email", created_at: now, updated_at: now },
        ],
        created_at: now,
        updated_at: now,
      };
    }),
  );
  return { registered, imported, social };
}

/**
 * A new address, registered or not alike: the same length and shape, and spread over the whole
 * index like real ones. (Unknown addresses with a common prefix all probe the same index page,
 * which stays in the CPU's cache, and made the unknown group faster than the registered one.)
 */
function address(): string {
  return `${crypto.randomUUID()}@example.com`;
}

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

async function compare(
  h: Harness,
  test: Case,
  samples: number,
): Promise<{ known: Sample[]; unknown: Sample[] }> {
  const known: Sample[] = [];
  const unknown: Sample[] = [];
  const run = async (address: string, into: Sample[]): Promise<void> => {
    const call = await test.prepare(address);
    into.push(await timed(h, call));
  };
  // Warm-up: JIT, caches and the database's plans, for both paths.
  for (let i = 0; i < 20; i++) {
    await run(test.pool[samples + i]!, []);
    await run(address(), []);
  }
  const addresses = shuffled(test.pool.slice(0, samples));
  for (let i = 0; i < samples; i++) {
    const pair: [string, Sample[]][] = [
      [addresses[i]!, known],
      [address(), unknown],
    ];
    for (const [address, into] of Math.random() < 0.5 ? pair : pair.reverse())
      await run(address, into);
  }
  return { known, unknown };
}

function row(label: string, test: Case, result: { known: Sample[]; unknown: Sample[] }): string {
  const { d, p } = ksTwoSample(
    result.known.map((s) => s.ms),
    result.unknown.map((s) => s.ms),
  );
  const ms = (samples: Sample[], pick: (s: Sample) => number): string =>
    median(samples.map(pick)).toFixed(2);
  const n = `${result.known.length} + ${result.unknown.length}`;
  return (
    `| ${label} | timing: ${test.name}, ${test.known} vs unknown address (${n}, KS test) | ` +
    `p = ${p < 0.0001 ? p.toExponential(1) : p.toFixed(3)} (D = ${d.toFixed(3)}); median ` +
    `${ms(result.known, (s) => s.ms)} vs ${ms(result.unknown, (s) => s.ms)} ms, database ` +
    `${ms(result.known, (s) => s.dbMs)} vs ${ms(result.unknown, (s) => s.dbMs)} ms in ` +
    `${ms(result.known, (s) => s.dbQueries)} vs ${ms(result.unknown, (s) => s.dbQueries)} queries |`
  );
}

/** The timing comparisons on one database; returns BENCHMARKS.md rows. */
async function measureTiming(
  options: { label?: string; dsn?: string; samples?: number; only?: string } = {},
): Promise<string[]> {
  const samples = options.samples ?? 300;
  const label = options.label ?? "PGlite";
  const h = await startHarness(
    {
      selfservice: {
        methods: {
          code: { passwordless_enabled: true },
          // A social provider, so the identifier step looks for social-only accounts as in
          // production. It is never contacted.
          oidc: {
            enabled: true,
            config: {
              providers: [
                {
                  id: "bench",
                  provider: "generic",
                  label: "Bench",
                  client_id: "bench",
                  issuer_url: "https://bench-provider.example",
                },
              ],
            },
          },
        },
        flows: { verification: { enabled: false }, login: { after: { hooks: [] } } },
      },
      rate_limits: {
        login_failures: { delay_after: 1_000_000, max_per_day: 1_000_000 },
        code_emails_per_address: { max: 1_000_000 },
      },
    },
    // Outside Vitest there is no template database to copy (test/support/pglite-template.ts):
    // a PGlite in memory, made and migrated here.
    { dsn: options.dsn ?? "memory://" },
  );
  try {
    const pool = samples + 20;
    const { registered, imported, social } = await createAccounts(h, `t${Date.now()}`, pool, {
      registered: 4,
      imported: 2,
    });
    const failedLogin = (address: string) =>
      prepareSubmit(h, "login", {
        method: "password",
        identifier: address,
        password: wrongPassword,
      });
    const cases: Case[] = [
      {
        name: "failed password login",
        known: "registered",
        pool: registered[0]!,
        prepare: failedLogin,
      },
      {
        name: "failed password login",
        known: "social-only account",
        pool: social,
        prepare: failedLogin,
      },
      {
        name: "failed password login",
        known: "imported without hash",
        pool: imported[0]!,
        prepare: failedLogin,
      },
      {
        name: "recovery, address step",
        known: "registered",
        pool: registered[1]!,
        prepare: (address) => prepareSubmit(h, "recovery", { method: "code", email: address }),
      },
      {
        name: "code login, address step",
        known: "registered",
        pool: registered[3]!,
        prepare: (address) => prepareSubmit(h, "login", { method: "code", identifier: address }),
      },
      {
        name: "identifier-first login, identifier step",
        known: "registered",
        pool: registered[2]!,
        prepare: (address) =>
          prepareSubmit(h, "login", { method: "identifier_first", identifier: address }),
      },
      {
        // The email step of the web app's sign-in: an imported customer answers as anyone.
        name: "identifier-first login, identifier step",
        known: "imported without hash",
        pool: imported[1]!,
        prepare: (address) =>
          prepareSubmit(h, "login", { method: "identifier_first", identifier: address }),
      },
    ];
    const rows: string[] = [];
    const chosen = cases.filter(
      (c) => !options.only || `${c.name}, ${c.known}`.includes(options.only),
    );
    for (const test of chosen) {
      const result = await compare(h, test, samples);
      rows.push(row(label, test, result));
      console.error(`timing: ${rows.length}/${chosen.length} done on ${label}`);
    }
    return rows;
  } finally {
    await h.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const samplesAt = args.indexOf("--samples");
  const samples = samplesAt >= 0 ? Number(args[samplesAt + 1]) : undefined;
  const onlyAt = args.indexOf("--only");
  const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
  const rows = await measureTiming({ ...(samples ? { samples } : {}), ...(only ? { only } : {}) });
  if (args.includes("--postgres")) {
    const pg = await startPostgres();
    try {
      rows.push(
        ...(await measureTiming({
          label: "PostgreSQL",
          dsn: pg.url,
          ...(samples ? { samples } : {}),
          ...(only ? { only } : {}),
        })),
      );
    } finally {
      await pg.stop();
    }
  }
  console.log(rows.join("\n"));
  process.exit(0);
}
