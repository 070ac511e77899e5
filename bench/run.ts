import { spawnSync } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { startPostgres } from "../apps/identity/test/support/postgres.ts";
import { botDefenceRows } from "./bot-defence.ts";
import { consoleRows } from "./console.ts";
import { measureHashBound } from "./hash-bound.ts";
import { measureImport } from "./import.ts";
import {
  benchAppDevice,
  browserCookie,
  forDuration,
  frontend,
  login,
  logout,
  register,
} from "./support/accounts.ts";
import { type LoadGenerator, startLoadGenerator } from "./support/load-generator.ts";
import { formatRows, type Row, sampleMemory, settledRss, whoami } from "./support/measure.ts";
import { pinSelf, root, type Service, startService } from "./support/service.ts";
import { mainAndOtherMs, threadCpu } from "./support/thread-cpu.ts";
import { tracingRows } from "./tracing.ts";
import { measureWeb, type PageWeight, weightSection } from "./web.ts";

// `npm run bench` (docs/testing.md#benchmarks): the identity service as its own process, compiled, pinned with
// taskset to its own core(s), the load generator (this process, a load process of its own,
// PostgreSQL) on the others; on PGlite and on PostgreSQL; then the import, the web pages and the timing
// comparison (PGlite; `npm run bench:timing -- --postgres` adds PostgreSQL). Writes BENCHMARKS.md
// with one row per figure of the performance goals, its goal and the measured value, and two breakdowns that
// show what a goal's limit is: the service's CPU time per login and registration (main thread
// and the rest), and what the pages' bytes are (Next's runtime and React DOM against the rest).
// About 10 minutes.
//
// BENCH_PORT (default 5333, and the next port for admin), BENCH_LEAK_SECONDS (default 300),
// BENCH_LEAK_DB (pglite or postgres, default pglite), BENCH_PARTS (default
// "identity,tracing,leak,import,web,timing,console,bots") change what runs; BENCHMARKS.md is
// written only by a full run. `console` imports 1,000,000 customers into each database
// (BENCH_CONSOLE_ROWS changes how many) and measures the console's search over them; `bots`
// meets the bot defence with a wave of bots and customers (bench/bot-defence.ts).

const started = performance.now();
const port = Number(process.env.BENCH_PORT ?? 5333);
const leakSeconds = Number(process.env.BENCH_LEAK_SECONDS ?? 300);
const leakDb = process.env.BENCH_LEAK_DB === "postgres" ? "PostgreSQL" : "PGlite";
const allParts = ["identity", "tracing", "leak", "import", "web", "timing", "console", "bots"];
const consoleCustomers = Number(process.env.BENCH_CONSOLE_ROWS ?? 1_000_000);
const parts = new Set((process.env.BENCH_PARTS ?? allParts.join(",")).split(","));
const full = allParts.every((part) => parts.has(part));

const cores = cpus().length;
const serviceCores = Math.max(1, Math.floor(cores / 2));
const range = (from: number, to: number): string => (from === to ? `${from}` : `${from}-${to}`);
const serviceCpus = range(0, serviceCores - 1);
const loadCpus = cores < 2 ? "0" : range(serviceCores, cores - 1);
const allCpus = `0-${cores - 1}`;
const whoamiGoal = 3000 * serviceCores;
const ratioGoal = 0.85;

// A tokenize_as template with a fresh ES256 key, so whoami can be measured with it too.
const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const jwk = { ...privateKey.export({ format: "jwk" }), alg: "ES256", kid: "bench" };
const jwks = Buffer.from(JSON.stringify({ keys: [jwk] })).toString("base64");
const serviceEnv = {
  SESSION_WHOAMI_TOKENIZER_TEMPLATES: JSON.stringify({
    bench: { ttl: "1m", jwks_url: `base64://${jwks}` },
  }),
};
// The throughput parts sign up and sign in by the thousand from one address (and the same few
// accounts over and over): the bot defence counts them, so its cost stays in the figures, far
// below its thresholds (as bench/identity.bench.yaml for the web part). The bots part meets
// its defaults.
const countedOnly: Record<string, string> = Object.fromEntries(
  [
    "IP_CHALLENGE_FROM",
    "IP_REFUSE_FROM",
    "NETWORK_CHALLENGE_FROM",
    "NETWORK_REFUSE_FROM",
    "TARGET_CHALLENGE_FROM",
    "TARGET_REFUSE_FROM",
    "SURGE_MIN_PER_MINUTE",
    "CREDENTIAL_STUFFING_MIN_FAILURES",
  ].map((key) => [`BOT_DEFENCE_${key}`, "100000"]),
);

function elapsed(): string {
  return `${((performance.now() - started) / 1000).toFixed(0)} s`;
}

function log(message: string): void {
  console.log(`[bench ${elapsed()}] ${message}`);
}

async function withDatabase<T>(
  db: "PGlite" | "PostgreSQL",
  use: (dsn: string) => Promise<T>,
): Promise<T> {
  if (db === "PostgreSQL") {
    // Started after pinSelf: PostgreSQL runs on the load generator's core(s), not the service's.
    const pg = await startPostgres();
    try {
      return await use(pg.url);
    } finally {
      await pg.stop();
    }
  }
  const folder = mkdtempSync(join(tmpdir(), "moos-bench-"));
  try {
    return await use(`pglite://${join(folder, "db")}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function startFor(dsn: string): Promise<Service> {
  return startService({
    dsn,
    cpus: serviceCpus,
    publicPort: port,
    env: { ...serviceEnv, ...countedOnly },
    inspectPort: port + 2,
  });
}

/** Where one login's or registration's CPU time went on the service's core (/proc). */
interface SignInCost {
  readonly operation: "password login" | "registration";
  readonly db: string;
  readonly perSecond: number;
  /** HTTP, SQL (PGlite's included), JSON: everything but hashing, per operation. */
  readonly mainMs: number;
  /** libuv's threads (argon2id) and V8's helper threads, per operation. */
  readonly otherMs: number;
}

/** 6 s of `task`, 8 at a time, and the service's CPU time per completed operation. */
async function loadWithCost(
  service: Service,
  task: (i: number) => Promise<unknown>,
): Promise<{ perSecond: number; mainMs: number; otherMs: number }> {
  let done = 0;
  const before = threadCpu(service.pid);
  const perSecond = await forDuration(6, 8, async (i) => {
    await task(i);
    done++;
  });
  const used = mainAndOtherMs(service.pid, before, threadCpu(service.pid));
  return { perSecond, mainMs: used.mainMs / done, otherMs: used.otherMs / done };
}

/**
 * Throughput, latency and memory of one database: the rows of the goals' table, and the CPU
 * time behind its login and registration rows.
 */
async function identityRows(
  db: "PGlite" | "PostgreSQL",
  hashes: number,
  generator: LoadGenerator,
): Promise<{ rows: Row[]; costs: SignInCost[] }> {
  return withDatabase(db, async (dsn) => {
    const service = await startFor(dsn);
    try {
      const idle = await settledRss(service);
      const api = frontend(service.publicUrl, { device: benchAppDevice });
      const tag = db.toLowerCase();
      const token = await register(api, `whoami-${tag}@bench.example`);
      const cookie = await browserCookie(service.publicUrl, `whoami-${tag}@bench.example`);
      log(`${db}: registrations`);
      const accounts: string[] = [];
      const registered = await loadWithCost(service, async (i) => {
        const email = `customer-${tag}-${i}@bench.example`;
        await register(api, email);
        accounts.push(email);
      });
      log(`${db}: logins`);
      const loggedIn = await loadWithCost(service, (i) =>
        login(api, accounts[i % accounts.length]!),
      );
      log(`${db}: whoami`);
      const url = `${service.publicUrl}/sessions/whoami`;
      const byToken = await whoami(generator, {
        url,
        headers: { "x-session-token": token },
        seconds: 4,
        warmupSeconds: 3, // the service's JIT
      });
      const byCookie = await whoami(generator, { url, headers: { cookie }, seconds: 4 });
      const tokenized = await whoami(generator, {
        url: `${url}?tokenize_as=bench`,
        headers: { "x-session-token": token },
        seconds: 4,
      });
      const atRate = await whoami(generator, {
        url,
        headers: { "x-session-token": token },
        seconds: 10,
        rate: 1000,
        warmupSeconds: 2, // new connections, at the rate
      });
      const afterLoad = await settledRss(service);
      const ratio = (perSecond: number): string =>
        `${perSecond.toFixed(1)}/s = ${((100 * perSecond) / hashes).toFixed(0)} % of ${hashes.toFixed(1)} hashes/s`;
      const memoryGoal = db === "PGlite" ? 250 : 150;
      const rows: Row[] = [
        {
          figure: "whoami, most requests/s, X-Session-Token",
          db,
          goal: `>= ${whoamiGoal}`,
          measured: byToken.summary,
          met: byToken.rps >= whoamiGoal,
        },
        {
          figure: "whoami, most requests/s, cookie",
          db,
          goal: `>= ${whoamiGoal}`,
          measured: byCookie.summary,
          met: byCookie.rps >= whoamiGoal,
        },
        {
          figure: "whoami, most requests/s, X-Session-Token + tokenize_as (ES256)",
          db,
          goal: `>= ${whoamiGoal}`,
          measured: tokenized.summary,
          met: tokenized.rps >= whoamiGoal,
        },
        {
          figure: "whoami p99 at 1,000 req/s (X-Session-Token)",
          db,
          goal: "< 5 ms",
          measured: atRate.summary,
          met: atRate.p99 < 5,
        },
        {
          figure: "password logins/s over HTTP vs argon2id hashes/s (8 in flight)",
          db,
          goal: ">= 85 %",
          measured: ratio(loggedIn.perSecond),
          met: loggedIn.perSecond / hashes >= ratioGoal,
        },
        {
          figure: "registrations/s over HTTP vs argon2id hashes/s (8 in flight)",
          db,
          goal: ">= 85 %",
          measured: ratio(registered.perSecond),
          met: registered.perSecond / hashes >= ratioGoal,
        },
        {
          figure:
            "identity service resident memory, idle, after a full garbage collection (after start / after the load above)",
          db,
          goal: `<= ${memoryGoal} MB`,
          measured: `${idle.toFixed(0)} MB / ${afterLoad.toFixed(0)} MB`,
          met: Math.max(idle, afterLoad) <= memoryGoal,
        },
      ];
      const costs: SignInCost[] = [
        { operation: "registration", db, ...registered },
        { operation: "password login", db, ...loggedIn },
      ];
      return { rows, costs };
    } finally {
      await service.stop();
    }
  });
}

/**
 * The CPU time behind the login and registration ratios: when the core is full, a ratio can be
 * at most one hash's time over the hash and the main thread's time together.
 */
function costSection(costs: readonly SignInCost[], hashes: number): string {
  const hashMs = 1000 / hashes;
  const allowedMs = hashMs / ratioGoal - hashMs;
  const ms = (value: number): string => `${value.toFixed(2)} ms`;
  const lines = costs.map((cost) => {
    const allMs = cost.mainMs + cost.otherMs;
    const busy = (allMs * cost.perSecond) / 10;
    const ceiling = (100 * hashMs) / (hashMs + cost.mainMs);
    return `| ${cost.operation} | ${cost.db} | ${cost.perSecond.toFixed(1)}/s | ${ms(cost.mainMs)} | ${ms(cost.otherMs)} | ${ms(allMs)} (core ${busy.toFixed(0)} % busy) | ${ceiling.toFixed(0)} % |`;
  });
  return `## Issue 11: where a login's time goes

The service's one core does all of a login: argon2id on libuv's threads, and HTTP, SQL (PGlite
inside the service) and JSON on the main thread. CPU time per completed operation during the
runs above, from /proc. One hash alone takes ${ms(hashMs)} (the bound); at 85 % of the bound a
login may spend ${ms(allowedMs)} on everything else, the main thread and the time the hash
loses when the main thread interrupts it together. The last column is the most the ratio can
be with the main thread's time as measured, were the hash to lose nothing.

| operation | database | per second | main thread | other threads (argon2id, V8's helpers) | in all | most the ratio can be |
|---|---|---|---|---|---|---|
${lines.join("\n")}
`;
}

/**
 * The leak check: resident memory after `leakSeconds` of mixed load minus before it. "Before"
 * is taken after a 15 s warm-up with the same load, so the JIT's code and the caches' first
 * filling do not count as growth.
 */
async function leakRows(db: "PGlite" | "PostgreSQL", generator: LoadGenerator): Promise<Row[]> {
  return withDatabase(db, async (dsn) => {
    const service = await startFor(dsn);
    try {
      const api = frontend(service.publicUrl);
      const accounts = Array.from({ length: 20 }, (_, i) => `mixed-${i}@bench.example`);
      const token = await register(api, "mixed-whoami@bench.example");
      for (const email of accounts) await register(api, email);
      const cookie = await browserCookie(service.publicUrl, accounts[0]!);
      let fresh = 0;
      const mixed = async (seconds: number): Promise<void> => {
        const url = `${service.publicUrl}/sessions/whoami`;
        const until = performance.now() + seconds * 1000;
        await Promise.all([
          whoami(generator, { url, headers: { "x-session-token": token }, seconds, rate: 200 }),
          whoami(generator, { url, headers: { cookie }, seconds, rate: 200 }),
          // Sign in, check the new session, sign out: sessions come and go.
          forDuration(seconds, 2, async (i) => {
            const session = await login(api, accounts[i % accounts.length]!);
            await api.toSession({ xSessionToken: session });
            await logout(api, session);
          }),
          // New customers, as long as the load runs.
          (async () => {
            while (performance.now() < until)
              await register(api, `mixed-new-${fresh++}@bench.example`);
          })(),
        ]);
      };
      await mixed(15);
      const before = await settledRss(service);
      log(`leak check on ${db}: ${leakSeconds} s of mixed load from ${before.toFixed(0)} MB`);
      const peak = sampleMemory(service);
      await mixed(leakSeconds);
      const highest = peak.stop();
      const uncollected = service.rssMb();
      const after = await settledRss(service);
      const growth = after - before;
      return [
        {
          figure: `leak check: resident memory after a full garbage collection, after ${leakSeconds % 60 === 0 ? `${leakSeconds / 60} min` : `${leakSeconds} s`} of mixed load minus before (whoami 400/s by token and cookie, 2 sign-in/check/sign-out loops, registrations)`,
          db,
          goal: "<= +50 MB",
          measured: `${growth >= 0 ? "+" : ""}${growth.toFixed(0)} MB (${before.toFixed(0)} -> ${after.toFixed(0)} MB; ${uncollected.toFixed(0)} MB before the collection, peak ${highest.toFixed(0)} MB; ${fresh} new customers)`,
          met: growth <= 50,
        },
      ];
    } finally {
      await service.stop();
    }
  });
}

// The compiled service is what runs; build it (and the web app) when a source changed.
log("build (scripts/build.mjs --if-changed)");
const build = spawnSync(process.execPath, ["scripts/build.mjs", "--if-changed"], {
  cwd: root,
  stdio: "inherit",
});
if (build.status !== 0) throw new Error("the build failed");

const rows: Row[] = [];
const tracing: Row[] = [];
const costs: SignInCost[] = [];
let hashes = 0;
pinSelf(loadCpus);
if (parts.has("identity") || parts.has("leak")) {
  log(`argon2id hash bound on cpu ${serviceCpus}`);
  hashes = await measureHashBound(serviceCpus, 8);
}
// Started after pinSelf: the load generator's process inherits its core(s).
const generator = startLoadGenerator();
try {
  if (parts.has("identity")) {
    for (const db of ["PGlite", "PostgreSQL"] as const) {
      const measured = await identityRows(db, hashes, generator);
      rows.push(...measured.rows);
      costs.push(...measured.costs);
    }
  }
  if (parts.has("tracing")) {
    tracing.push(
      ...(await withDatabase("PostgreSQL", (dsn) =>
        tracingRows({
          generator,
          start: (env) =>
            startService({
              dsn,
              cpus: serviceCpus,
              publicPort: port,
              env: { ...serviceEnv, ...countedOnly, ...env },
            }),
          log,
        }),
      )),
    );
  }
  if (parts.has("leak")) rows.push(...(await leakRows(leakDb, generator)));
} finally {
  await generator.stop();
}
// The bot defence with its default thresholds: the service on its core(s), the bots, the
// customers and Chromium's solver on the others (bench/bot-defence.ts).
const bots: Row[] = [];
/** The 1-minute load average at the bots part's start and end: its times are wall times. */
const botsLoad: number[] = [];
if (parts.has("bots")) {
  log("bot defence (issue 31)");
  botsLoad.push(loadavg()[0] ?? 0);
  bots.push(
    ...(await withDatabase("PostgreSQL", (dsn) =>
      botDefenceRows({
        start: () => startService({ dsn, cpus: serviceCpus, publicPort: port, env: serviceEnv }),
        port,
        serviceCpus,
        browserCpu: loadCpus.split(/[-,]/)[0] ?? "0",
        loadCpus,
        log,
      }),
    )),
  );
  botsLoad.push(loadavg()[0] ?? 0);
}
// The console's search: the import on every core, the searches from this process's core(s)
// against the service pinned to its own (bench/console.ts).
const consoleSearch: { rows: Row[]; notes: string[] } = { rows: [], notes: [] };
if (parts.has("console")) {
  log(`console search over ${consoleCustomers.toLocaleString("en")} customers`);
  Object.assign(
    consoleSearch,
    await consoleRows({ rows: consoleCustomers, serviceCpus, allCpus, log }),
  );
}
// The import and the web pages as before: service and tools on every core.
pinSelf(allCpus);
const other: string[] = [];
let weights: PageWeight[] = [];
if (parts.has("import")) {
  log("import");
  other.push(...(await measureImport(100_000)));
}
if (parts.has("web")) {
  log("web");
  // Web rows carry their goal (bench/web.ts).
  const web = await measureWeb();
  weights = web.weights;
  for (const row of web.rows)
    other.push(
      `| web | ${row.measure} | ${row.result} (goal ${row.goal}${row.met ? "" : ", not met"}) |`,
    );
}
const timing: string[] = [];
if (parts.has("timing")) {
  log("timing (issue 13)");
  // As `npm run bench:timing` runs it, in a process of its own: the service under test runs in
  // that process, and the heap the import and web phases left here would pause it.
  const measured = spawnSync(process.execPath, [...process.execArgv, "bench/timing.ts"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (measured.status !== 0) throw new Error("the timing comparison failed");
  timing.push(...measured.stdout.split("\n").filter((line) => line.startsWith("| ")));
}

const machine = `${cores} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const text = `# Benchmarks

Run with \`npm run bench\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC in ${elapsed()}; machine: ${machine}.

The identity service is the compiled service (\`apps/identity/dist/main.js\`) in its own process,
pinned with \`taskset -c ${serviceCpus}\` (${serviceCores} core); the load generator (in a process of
its own so that its pauses are not counted as the service's: autocannon for the most requests/s,
and for the p99 at a fixed rate evenly spaced requests whose latency counts from when each was
due, so that a pause delays the requests due during it and no more; and the API clients),
the argon2id bound's own process excepted, and PostgreSQL run pinned to cpu ${loadCpus}, so they
never share the service's core. Each whoami figure is a 4 s run (10 s at 1,000 req/s) after a
warm-up that is not counted; logins and registrations run 6 s each, 8 at a time. The argon2id
bound is measured in the same run, in a process pinned like the service (cpu ${serviceCpus}),
through the service's own hasher (libuv's threads, one hash at a time per core, as the service
hashes) with the service's parameters (m=19 MiB, t=2, p=1): ${hashes.toFixed(1)} hashes/s.
Logins and registrations are compared with it; their app sends its own device value
(\`X-Moos-Device\`), so a customer signs in again from the device they registered on and no
new-device notice is written. The leak check runs once, on ${leakDb}, to keep the run short.
Memory is read 3 s after a full garbage collection, asked for through the service's inspector
(\`--inspect\` on loopback): Node 24's V8 lets garbage pile up to a few hundred MB between full
collections under this load, and a leak is what survives one (bench/support/collect-garbage.ts).
Verification and its login hook are off: the benchmark measures sign-in itself.

## Issue 11: identity service

${formatRows(rows)}

${costs.length > 0 ? `${costSection(costs, hashes)}\n` : ""}## Tracing (OpenTelemetry): off and on

The identity service on PostgreSQL, pinned as above, started with tracing off (no OTLP endpoint:
no SDK is loaded) and then on (every request traced, each query a span, exported as protobuf to
a local OTLP endpoint in the load generator's process; docs/observability.md).

${formatRows(tracing)}

## Import and web pages (import: service and importer unpinned)

| area | measure | result |
|---|---|---|
${other.join("\n")}

${weights.length > 0 ? `${weightSection(weights)}\n` : ""}## Issue 30: the console's search over ${consoleCustomers.toLocaleString("en")} customers

\`npm run import\` fills each database with customers of varied German names (every one of 50
first names with every one of 60 last names, over and over); an admin made with
\`npm run console -- add-admin\` then searches through the console's API
(\`GET /admin/console/customers?q=\`, each search also an audit entry), one at a time, against
the service pinned to cpu
${serviceCpus}: an exact email address, a customer id, the first 2 letters of a name, a first
name, a first name with the start of a last name; 200 of each after 30 not counted.

${formatRows(consoleSearch.rows)}

${consoleSearch.notes.join("\n\n")}

## Issue 31: bots meet a wall

The identity service on PostgreSQL, pinned as above, with the bot defence's default thresholds
(the benchmark sets no \`bot_defence\`; the per-address submit limits are out of the way as
everywhere in the benchmark, so the defence alone decides). The load generator is a trusted
proxy (loopback, the default \`serve.public.trusted_proxies\`), so \`X-Forwarded-For\` gives each
request the client address it stands for. Bots rotate through the addresses of a few /24
networks, one fresh email address each, started on time whatever the answers take; the first
wave never solves a proof of work, the second solves with altcha-lib, one at a time, every
challenge of level 1 it meets. Customers each come from a /24 of their own and register once.
A registration through the web app (its production build) in Chromium, the browser pinned to
one core, comes from a client address of its own (the browser's \`X-Forwarded-For\`, believed by
the web app on loopback) and meets a challenge where a script tried a few identifiers from that
address first; the service there has a PGlite of its own. The row after it runs the web app's
solver (\`solve-challenge.ts\`) alone in a Chromium page on challenges of levels 1 and 2 that one
client address was issued after a script tried several identifiers from it. The machine's load
average (1 minute) was ${botsLoad.map((load) => load.toFixed(1)).join(" at the part's start and ")}
at its end; the browser's times are wall times, and other work on its core lengthens them.

${formatRows(bots)}

## Issue 13: no timing oracle (PGlite, unpinned)

| area | measure | result |
|---|---|---|
${timing.join("\n")}
`;
if (full) writeFileSync(join(root, "BENCHMARKS.md"), text);
console.log(text);
log("done");
