import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { createPasswordHasher, defaultArgon2Options } from "../apps/identity/src/hash/index.ts";
import { root } from "./support/service.ts";

// The bound for logins and registrations: how many argon2id hashes per second (the service's
// parameters, m=19 MiB, t=2, p=1) the service's core(s) do. Measured in a process of its own,
// pinned with taskset exactly as the service is, hashing through the service's own hasher
// (libuv's thread pool). HASH_CONCURRENCY (default 4) hashes are asked for at once, but the
// hasher, as in the service, runs at most one per CPU the process may use (availableParallelism,
// 1 under `taskset -c 0`), so the bound and the service's sign-ins hash alike.

const concurrency = Number(process.env.HASH_CONCURRENCY ?? 4);

/** Hashes/s on `cpus` (taskset's list) over `seconds`. */
export async function measureHashBound(cpus: string, seconds: number): Promise<number> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    "taskset",
    ["-c", cpus, process.execPath, "--conditions=development", self, String(seconds)],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const [code] = (await once(child, "exit")) as [number];
  const rate = Number(out.trim());
  if (code !== 0 || !Number.isFinite(rate)) throw new Error(`hash bound failed: ${out}`);
  return rate;
}

async function hashFor(seconds: number): Promise<number> {
  const hasher = createPasswordHasher({ argon2: { ...defaultArgon2Options } });
  await hasher.hash("warm-up");
  const start = performance.now();
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() - start < seconds * 1000) {
        await hasher.hash("Bench-Farn-2026!");
        count++;
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(String(await hashFor(Number(process.argv[2] ?? 5))));
}
