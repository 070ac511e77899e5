// Starting and stopping the real services the browser tests run against: each is a plain child
// process in a process group of its own (so stopping it also stops what it started), with its
// output in a log file under e2e/.data/logs for when a test fails.

import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";

export const E2E_DATA = path.resolve(import.meta.dirname, "..", "..", ".data");
export const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..", "..");

export interface Started {
  readonly name: string;
  readonly pid: number;
}

// Ports come from one place for every suite (why they are drawn where they are: there).
export { freePorts } from "../../../apps/identity/test/support/free-port.ts";

export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: Readonly<Record<string, string>> } = {},
): Started & { child: ChildProcess } {
  const logs = path.join(E2E_DATA, "logs");
  mkdirSync(logs, { recursive: true });
  const log = createWriteStream(path.join(logs, `${name}.log`));
  const child = spawn(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  return { name, pid: child.pid, child };
}

/** Waits until the URL answers below 500, or fails with the process's exit or the deadline. */
export async function waitForHttp(
  started: Started & { child: ChildProcess },
  url: string,
  timeoutMs = 60_000,
): Promise<void> {
  let exited: number | null | undefined;
  started.child.once("exit", (code) => {
    exited = code;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new Error(
        `${started.name} exited with ${exited} (see e2e/.data/logs/${started.name}.log)`,
      );
    }
    try {
      const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2_000) });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${started.name} did not answer ${url} within ${timeoutMs} ms`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the process group, SIGKILL after a grace period. */
export async function stopProcesses(started: readonly Started[], graceMs = 5_000): Promise<void> {
  for (const { pid } of started) {
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  const deadline = Date.now() + graceMs;
  while (started.some(({ pid }) => isAlive(pid)) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (const { pid } of started) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
