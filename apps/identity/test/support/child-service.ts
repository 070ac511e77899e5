import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { liftedBotDefence } from "./lifted-limits.ts";

// The identity service as a real process (`node --conditions=development src/main.ts`), for what only a
// process shows: signals, exit codes, its JSON lines on stdout.

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const main = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const identitySchema = fileURLToPath(new URL("../../config/identity.schema.json", import.meta.url));

/** The test's environment without what Vite adds (DEV=1 and friends): the service reads DEV. */
function serviceEnv(): NodeJS.ProcessEnv {
  const { DEV, PROD, SSR, MODE, BASE_URL, ...env } = process.env;
  return env;
}

export interface ChildService {
  process: ChildProcess;
  publicUrl: string;
  adminUrl: string;
  /** Its stdout, one parsed JSON object per line. */
  lines: Record<string, unknown>[];
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A dev-mode config on random ports; `overrides` replace whole top-level sections. */
export function childConfig(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    dev: true,
    dsn: "memory://",
    serve: {
      public: { base_url: "http://127.0.0.1/", port: 0 },
      admin: { port: 0, token: "child-admin-token-0123456789" },
    },
    identity: { schemas: [{ id: "default", url: `file://${identitySchema}` }] },
    selfservice: { methods: { password: { config: { haveibeenpwned_enabled: false } } } },
    courier: { dispatcher: { enabled: false } },
    bot_defence: liftedBotDefence(),
    ...overrides,
  };
}

/** Runs `main.ts` with the args; resolves once the service logged that it listens. */
export async function startChildService(
  folder: string,
  config: Record<string, unknown>,
  options: { onLine?: (line: Record<string, unknown>) => void } = {},
): Promise<ChildService> {
  const file = join(folder, "identity.json");
  writeFileSync(file, JSON.stringify(config));
  const child = spawn(process.execPath, ["--conditions=development", main, "--config", file], {
    cwd: root,
    env: serviceEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: Record<string, unknown>[] = [];
  let stderr = "";
  let pending = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const complete = pending.split("\n");
      pending = complete.pop() ?? "";
      for (const text of complete.filter(Boolean)) {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        options.onLine?.(line);
        if (line.msg === "identity service listening") resolve(line);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    exited.then(({ code }) => reject(new Error(`the service exited (${code}): ${stderr}`)));
  });
  const started = await listening;
  return {
    process: child,
    publicUrl: String(started.public_url),
    adminUrl: String(started.admin_url),
    lines,
    stderr: () => stderr,
    exited,
  };
}

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `main.ts` with the arguments to its end (commands that exit: migrate, --help). */
export function runMain(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=development", main, ...args], {
      cwd: root,
      env: { ...serviceEnv(), ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
