import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import autocannon from "autocannon";
import { createPasswordHasher } from "../apps/identity/src/hash/index.ts";
import { type Harness, startHarness } from "../apps/identity/test/support/harness.ts";
import { startPostgres } from "../apps/identity/test/support/postgres.ts";
import { measureImport } from "./import.ts";
import { measureMemory } from "./memory.ts";
import { measureTiming } from "./timing.ts";
import { measureWeb } from "./web.ts";

// `npm run bench`: identity service throughput on this machine, PGlite and PostgreSQL, written
// to BENCHMARKS.md with the machine and the date. Bounded in count and time, loopback only.

const password = "Bench-Farn-2026!";

async function argon2PerSecond(): Promise<number> {
  const hasher = createPasswordHasher({
    argon2: { memoryKib: 19456, iterations: 2, parallelism: 1 },
  });
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < 3000) {
    await hasher.hash(password);
    count++;
  }
  return count / ((performance.now() - start) / 1000);
}

async function register(h: Harness, email: string): Promise<void> {
  const api = h.native();
  const flow = await api.createNativeRegistrationFlow();
  await api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: "password",
      password,
      traits: { email, name: { first: "Be", last: "Nch" } },
    },
  });
}

async function timed(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

async function measure(label: string, dsn?: string): Promise<string[]> {
  const h = await startHarness(
    {
      selfservice: { flows: { verification: { enabled: false }, login: { after: { hooks: [] } } } },
    },
    dsn ? { dsn } : {},
  );
  // Verification and its login hook are off: the benchmark measures sign-in itself.
  const registrations = await timed(60, 4, (i) => register(h, `bench-${label}-${i}@example.com`));
  const api = h.native();
  const logins = await timed(100, 4, async (i) => {
    const flow = await api.createNativeLoginFlow();
    await api.updateLoginFlow({
      flow: flow.id,
      updateLoginFlowBody: {
        method: "password",
        identifier: `bench-${label}-${i % 60}@example.com`,
        password,
      },
    });
  });
  const flow = await api.createNativeLoginFlow();
  const { session_token } = await api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: {
      method: "password",
      identifier: `bench-${label}-0@example.com`,
      password,
    },
  });
  const result = await autocannon({
    url: `${h.publicUrl}/sessions/whoami`,
    headers: { "x-session-token": session_token! },
    connections: 10,
    duration: 5,
  });
  const fixedRate = await autocannon({
    url: `${h.publicUrl}/sessions/whoami`,
    headers: { "x-session-token": session_token! },
    connections: 10,
    duration: 5,
    overallRate: 1000,
  });
  await h.close();
  return [
    `| ${label} | registrations/s (4 parallel) | ${registrations.toFixed(1)} |`,
    `| ${label} | password logins/s over HTTP (4 parallel) | ${logins.toFixed(1)} |`,
    `| ${label} | whoami req/s (10 connections) | ${result.requests.average.toFixed(0)} (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms) |`,
    `| ${label} | whoami at 1,000 req/s | p50 ${fixedRate.latency.p50} ms, p99 ${fixedRate.latency.p99} ms |`,
  ];
}

const hashes = await argon2PerSecond();
const rows = [
  `| both | argon2id hashes/s on one core (m=19 MiB, t=2, p=1): the bound | ${hashes.toFixed(1)} |`,
];
rows.push(...(await measure("PGlite")));
rows.push(...(await measureTiming()));
const pg = await startPostgres();
try {
  rows.push(...(await measure("PostgreSQL", pg.url)));
  rows.push(...(await measureTiming({ label: "PostgreSQL", dsn: pg.url })));
} finally {
  await pg.stop();
}
rows.push(...(await measureMemory()));
rows.push(...(await measureImport(100_000)));
rows.push(...(await measureWeb()));
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
const text = `# Benchmarks

Run with \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}; machine: ${machine}.
Load generator and service share the machine's cores. Logins are bound by argon2id: with
2 cores the ceiling is about 2 × the single-core hash rate.

| database | measure | result |
|---|---|---|
${rows.join("\n")}
`;
writeFileSync(new URL("../BENCHMARKS.md", import.meta.url), text);
console.log(text);
