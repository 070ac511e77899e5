import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { freePort } from "./free-port.ts";

// A throwaway PostgreSQL cluster from Debian's `postgresql` package (.ci/run installs it),
// started as the `postgres` user on a free loopback port and removed when the tests end. The
// server runs on its own (pg_ctl finds it by its data folder), so a process other than the one
// that started it can crash and restart it (attachPostgres: the deployment suite's specs).

const bin = "/usr/lib/postgresql/15/bin";

export interface PostgresServer {
  url: string;
  /** The cluster's data folder (its socket lives in the folder above). */
  dataDir: string;
  /**
   * Ends the server as a power cut or an OOM kill would (`pg_ctl stop -m immediate`: every
   * backend quits at once, no checkpoint, crash recovery at the next start).
   */
  crash(): Promise<void>;
  /** Starts the crashed server again on the same port; resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Stops the server (if it runs) and removes the cluster. */
  stop(): Promise<void>;
}

function asPostgres(command: string, args: string[]): string[] {
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", command, ...args].join("\u0000")]
    : [command, args.join("\u0000")];
}

function run(command: string, args: string[]): void {
  const [cmd, joined] = asPostgres(command, args);
  execFileSync(cmd!, joined!.split("\u0000"), { stdio: "pipe" });
}

function succeeds(command: string, args: string[]): boolean {
  try {
    run(command, args);
    return true;
  } catch {
    return false;
  }
}

async function untilReady(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!succeeds(`${bin}/pg_isready`, ["-q", "-h", "127.0.0.1", "-p", String(port)])) {
    if (Date.now() > deadline) throw new Error("PostgreSQL did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), "moos-pg-"));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  run(`${bin}/initdb`, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const server = attachPostgres({
    url: `postgres://postgres@127.0.0.1:${await freePort()}/postgres`,
    dataDir,
  });
  await server.restart();
  return server;
}

/** Controls a cluster startPostgres made, from any process. */
export function attachPostgres(cluster: { url: string; dataDir: string }): PostgresServer {
  const { url, dataDir } = cluster;
  const port = Number(new URL(url).port);
  const isRunning = (): boolean => succeeds(`${bin}/pg_ctl`, ["-D", dataDir, "status"]);
  return {
    url,
    dataDir,
    async crash() {
      run(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    },
    async restart() {
      const [cmd, joined] = asPostgres(`${bin}/postgres`, [
        ...["-D", dataDir, "-p", String(port), "-h", "127.0.0.1", "-k", dirname(dataDir), "-F"],
      ]);
      // Its own process group: it outlives the process that started it, as a server does.
      spawn(cmd!, joined!.split("\u0000"), { stdio: "ignore", detached: true }).unref();
      await untilReady(port);
    },
    async stop() {
      if (isRunning()) run(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "fast", "-w", "stop"]);
      rmSync(dirname(dataDir), { recursive: true, force: true });
    },
  };
}
