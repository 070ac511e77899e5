import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../../identity/test/support/free-port.ts";

// A throwaway PostgreSQL cluster from Debian's `postgresql` package (.ci/run installs it),
// started as the `postgres` user on a free loopback port and removed when the tests end.
// (A copy of the identity service's test helper: apps share no code.)

const bin = "/usr/lib/postgresql/15/bin";

export interface PostgresServer {
  url: string;
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

export async function startPostgres(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), "moos-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  run(`${bin}/initdb`, ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync"]);
  const port = await freePort();
  const [cmd, joined] = asPostgres(`${bin}/postgres`, [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-F",
  ]);
  const server = spawn(cmd!, joined!.split("\u0000"), { stdio: "ignore" });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      run(`${bin}/pg_isready`, ["-h", "127.0.0.1", "-p", String(port)]);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("PostgreSQL did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => server.once("exit", r));
      run(`${bin}/pg_ctl`, ["-D", data, "-m", "fast", "-w", "stop"]);
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
