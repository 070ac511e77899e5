import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";

// A throwaway PostgreSQL cluster from Debian's `postgresql` package (.ci/run installs it),
// started as the `postgres` user on a free loopback port and removed when the tests end.

const bin = "/usr/lib/postgresql/15/bin";

export interface PostgresServer {
  url: string;
  /**
   * Ends the server as a power cut or an OOM kill would (`pg_ctl stop -m immediate`: every
   * backend quits at once, no checkpoint, crash recovery at the next start).
   */
  crash(): Promise<void>;
  /** Starts the crashed server again on the same port; resolves once it accepts connections. */
  restart(): Promise<void>;
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

async function untilReady(port: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      run(`${bin}/pg_isready`, ["-q", "-h", "127.0.0.1", "-p", String(port)]);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error("PostgreSQL did not start");
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), "moos-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  run(`${bin}/initdb`, ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const port = await freePort();
  const launch = (): ChildProcess => {
    const [cmd, joined] = asPostgres(`${bin}/postgres`, [
      ...["-D", data, "-p", String(port), "-h", "127.0.0.1", "-k", dir, "-F"],
    ]);
    return spawn(cmd!, joined!.split("\u0000"), { stdio: "ignore" });
  };
  let server = launch();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await untilReady(port);
  const stopWith = async (mode: "fast" | "immediate"): Promise<void> => {
    const exited = new Promise((r) => server.once("exit", r));
    run(`${bin}/pg_ctl`, ["-D", data, "-m", mode, "-w", "stop"]);
    await exited;
  };
  return {
    url,
    crash: () => stopWith("immediate"),
    async restart() {
      server = launch();
      await untilReady(port);
    },
    async stop() {
      if (server.exitCode === null && server.signalCode === null) await stopWith("fast");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
