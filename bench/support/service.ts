import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { withIdentityProcessEnv } from "../../scripts/identity-process-env.mjs";
import { telemetryArgs, withServiceName } from "../../scripts/telemetry-args.mjs";
import { collectGarbage } from "./collect-garbage.ts";

// The identity service as the benchmark runs it: the compiled service (`npm run build`,
// apps/identity/dist/main.js) as its own process, pinned with `taskset` to its own core(s), so
// the load generator (this process, pinned elsewhere by pinSelf) never shares them.

export const root = fileURLToPath(new URL("../..", import.meta.url));
const schema = fileURLToPath(
  new URL("../../apps/identity/config/identity.schema.json", import.meta.url),
);
export const benchAdminToken = "bench-admin-token-0123456789abcdef";

export interface ServiceOptions {
  dsn: string;
  /** taskset's CPU list for the service, e.g. "0". */
  cpus: string;
  publicPort: number;
  /** Extra node flags (--cpu-prof, --heapsnapshot-signal=SIGUSR2, ...). */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** Where the service's stdout goes (default: ignored). */
  stdout?: "ignore" | "inherit";
  /** An inspector on this loopback port, for a full garbage collection before memory is read. */
  inspectPort?: number;
}

export interface Service {
  pid: number;
  publicUrl: string;
  adminUrl: string;
  process: ChildProcess;
  /** Resident memory of the service process now, in MB (/proc/<pid>/status VmRSS). */
  rssMb(): number;
  /** A full garbage collection, when the service was started with `inspectPort`. */
  collectGarbage?: () => Promise<void>;
  stop(): Promise<void>;
}

/** The benchmark's service settings: verification and its login hook off, limits out of the way. */
export function benchEnv(publicPort: number): Record<string, string> {
  return {
    DEV: "true",
    LOG_LEVEL: "warn",
    SERVE_PUBLIC_PORT: String(publicPort),
    SERVE_PUBLIC_BASE_URL: `http://127.0.0.1:${publicPort}/`,
    SERVE_ADMIN_PORT: String(publicPort + 1),
    SERVE_ADMIN_BASE_URL: `http://127.0.0.1:${publicPort + 1}/`,
    SERVE_ADMIN_TOKEN: benchAdminToken,
    IDENTITY_SCHEMAS: JSON.stringify([{ id: "default", url: `file://${schema}` }]),
    SELFSERVICE_FLOWS_VERIFICATION_ENABLED: "false",
    SELFSERVICE_FLOWS_LOGIN_AFTER_HOOKS: "[]",
    SELFSERVICE_METHODS_PASSWORD_CONFIG_HAVEIBEENPWNED_ENABLED: "false",
    // Nothing is sent (verification is off); the dispatcher still polls, as in production.
    COURIER_SMTP_CONNECTION_URI: "smtp://127.0.0.1:9/?disable_starttls=true",
    RATE_LIMITS_SUBMIT_PER_IP_MAX: "100000000",
    RATE_LIMITS_FLOW_INIT_PER_IP_MAX: "100000000",
  };
}

export function rssMbOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Pins this process (every thread: the load generator) to `cpus`; children inherit it. */
export function pinSelf(cpus: string): void {
  const result = spawnSync("taskset", ["-a", "-cp", cpus, String(process.pid)], { stdio: "pipe" });
  if (result.status !== 0) throw new Error(`taskset failed: ${result.stderr.toString()}`);
}

export async function startService(options: ServiceOptions): Promise<Service> {
  const main = fileURLToPath(new URL("../../apps/identity/dist/main.js", import.meta.url));
  // As every launcher runs it (scripts/identity-process-env.mjs, scripts/telemetry-args.mjs):
  // tracing only when the environment sets an OTLP endpoint.
  const env = withServiceName(
    withIdentityProcessEnv({
      ...process.env,
      ...benchEnv(options.publicPort),
      DSN: options.dsn,
      ...options.env,
    }),
    "identity",
  );
  const child = spawn(
    "taskset",
    [
      "-c",
      options.cpus,
      process.execPath,
      ...telemetryArgs(env),
      ...(options.nodeArgs ?? []),
      ...(options.inspectPort ? [`--inspect=127.0.0.1:${options.inspectPort}`] : []),
      main,
    ],
    { cwd: root, stdio: ["ignore", options.stdout ?? "ignore", "pipe"], env },
  );
  passStderrOn(child.stderr);
  const exited = once(child, "exit");
  const publicUrl = `http://127.0.0.1:${options.publicPort}`;
  const adminUrl = `http://127.0.0.1:${options.publicPort + 1}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${adminUrl}/health/ready`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`the identity service exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error("the identity service did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid!,
    publicUrl,
    adminUrl,
    process: child,
    rssMb: () => rssMbOf(child.pid!),
    ...(options.inspectPort !== undefined && {
      collectGarbage: () => collectGarbage(options.inspectPort!),
    }),
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The service's errors go to the bench's output, without what Node says of the inspector
 * ("Debugger listening on ...", "Debugger attached.") each time memory is read.
 */
function passStderrOn(stderr: Readable | null): void {
  if (!stderr) return;
  const lines = createInterface({ input: stderr, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on("line", (line) => {
    if (/^(Debugger (listening|attached|ending)|For help, see: https:\/\/nodejs\.org)/.test(line))
      return;
    process.stderr.write(`${line}\n`);
  });
}
