import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import bcrypt from "bcryptjs";
import { startPostgres } from "../apps/identity/test/support/postgres.ts";

// Import speed (docs/newsletter-deletion-migration.md#importer): `npm run import` with N generated customers into the identity service
// running as its own process, on PGlite and on PostgreSQL. Reports identities per second and the
// peak resident memory of the importer and of the service. Runs inside `npm run bench` with
// 100,000 rows, or alone: `npm run bench:import -- [ROWS]`.
//
// The rows carry bcrypt hashes of cost 4 (a pool of 256 distinct ones, reused): the import only
// checks a hash's format, it never verifies it, so the cost changes nothing but the time it
// takes to write the file.

const root = fileURLToPath(new URL("..", import.meta.url));
const adminToken = "bench-admin-token-0123456789";
const port = 4933;

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

async function writeRows(file: string, rows: number): Promise<void> {
  const pool = Array.from({ length: 256 }, (_, i) => bcrypt.hashSync(`Bench-Farn-${i}`, 4));
  const out = createWriteStream(file);
  out.write("email,first_name,last_name,password_hash,verified\n");
  for (let i = 0; i < rows; i++) {
    const line = `customer-${i}@bench.example,Bea,Bench,${pool[i % pool.length]},${i % 3 === 0}\n`;
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function startService(dsn: string): Promise<ChildProcess> {
  const schema = fileURLToPath(
    new URL("../apps/identity/config/identity.schema.json", import.meta.url),
  );
  const child = spawn(process.execPath, ["--conditions=development", "apps/identity/src/main.ts"], {
    cwd: root,
    stdio: "ignore",
    env: {
      ...process.env,
      DEV: "true",
      DSN: dsn,
      SERVE_PUBLIC_PORT: String(port),
      SERVE_PUBLIC_BASE_URL: `http://127.0.0.1:${port}/`,
      SERVE_ADMIN_PORT: String(port + 1),
      SERVE_ADMIN_BASE_URL: `http://127.0.0.1:${port + 1}/`,
      SERVE_ADMIN_TOKEN: adminToken,
      IDENTITY_SCHEMAS: JSON.stringify([{ id: "default", url: `file://${schema}` }]),
      COURIER_DISPATCHER_ENABLED: "false",
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port + 1}/health/ready`)).ok) return child;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error("identity service did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function importOnce(
  label: string,
  dsn: string,
  file: string,
  rows: number,
): Promise<string[]> {
  const service = await startService(dsn);
  try {
    const start = performance.now();
    const cli = spawn(
      process.execPath,
      [
        "--conditions=development",
        "apps/identity/src/import/cli.ts",
        file,
        "--admin-url",
        `http://127.0.0.1:${port + 1}`,
      ],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, IDENTITY_ADMIN_TOKEN: adminToken },
      },
    );
    let stdout = "";
    cli.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    cli.stderr!.resume();
    // Sampled every 100 ms: the importer's peak over the whole run against its peak in the
    // first tenth shows whether its memory grows with the file (it must not: it streams).
    const samples: { at: number; cli: number; service: number }[] = [];
    const sampler = setInterval(() => {
      samples.push({ at: performance.now(), cli: rssMb(cli.pid!), service: rssMb(service.pid!) });
    }, 100);
    const [code] = (await once(cli, "close")) as [number];
    clearInterval(sampler);
    const end = performance.now();
    const seconds = (end - start) / 1000;
    const peak = (list: typeof samples, key: "cli" | "service"): number =>
      Math.max(0, ...list.map((sample) => sample[key]));
    const early = samples.filter((sample) => sample.at - start <= (end - start) / 10);
    if (code !== 0 || !stdout.includes(`${rows} created`))
      throw new Error(`import failed: ${stdout}`);
    return [
      `| ${label} | import of ${rows.toLocaleString("en")} customers (pre-hashed bcrypt, cost 4) with \`npm run import\` (batches of 500) | ${(rows / seconds).toFixed(0)} identities/s (${seconds.toFixed(1)} s) |`,
      `| ${label} | importer peak resident memory: first tenth of the run / whole run | ${peak(early, "cli").toFixed(0)} MB / ${peak(samples, "cli").toFixed(0)} MB |`,
      `| ${label} | identity service peak resident memory during the import | ${peak(samples, "service").toFixed(0)} MB |`,
    ];
  } finally {
    service.kill("SIGTERM");
    await once(service, "close");
  }
}

export async function measureImport(rows: number): Promise<string[]> {
  const folder = mkdtempSync(join(tmpdir(), "moos-bench-import-"));
  try {
    const file = join(folder, "customers.csv");
    await writeRows(file, rows);
    const result = await importOnce("PGlite", `pglite://${join(folder, "db")}`, file, rows);
    const pg = await startPostgres();
    try {
      result.push(...(await importOnce("PostgreSQL", pg.url, file, rows)));
    } finally {
      await pg.stop();
    }
    return result;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = Number(process.argv[2] ?? 100_000);
  console.log((await measureImport(rows)).join("\n"));
}
