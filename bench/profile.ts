import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { startPostgres } from "../apps/identity/test/support/postgres.ts";
import {
  benchAppDevice,
  forDuration,
  frontend,
  login,
  perSecond,
  register,
} from "./support/accounts.ts";
import {
  formatSelfTime,
  inclusiveTime,
  selfTimeByArea,
  topSelfTime,
} from "./support/cpu-profile.ts";
import { startLoadGenerator } from "./support/load-generator.ts";
import { pinSelf, startService } from "./support/service.ts";
import { formatThreadCpu, threadCpu } from "./support/thread-cpu.ts";

// `npm run bench:profile -- --db pglite|postgres --load whoami|init|login|registration
// [--seconds N] [--warmup N]`: a CPU profile (`node --cpu-prof`) of the compiled identity service under load,
// pinned to core 0 with the load generator (and PostgreSQL) on core 1, and its top self-time
// items. Only the samples after the warm-up count: until the JIT has optimised the hot paths a
// profile shows the interpreter, not the service. Needs `npm run build`.

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    load: { type: "string", default: "whoami" },
    seconds: { type: "string", default: "20" },
    warmup: { type: "string", default: "20" },
    port: { type: "string", default: "5533" },
    top: { type: "string", default: "30" },
  },
});
const users = 20;

pinSelf("1");
const generator = startLoadGenerator();
const folder = mkdtempSync(join(tmpdir(), "moos-profile-"));
const pg = values.db === "postgres" ? await startPostgres() : undefined;
try {
  const spawnedAt = performance.now();
  const service = await startService({
    dsn: pg?.url ?? `pglite://${join(folder, "db")}`,
    cpus: "0",
    publicPort: Number(values.port),
    nodeArgs: ["--cpu-prof", "--cpu-prof-dir", join(folder, "prof")],
  });
  // The app sends its device value, as in bench/run.ts's login and registration figures.
  const api = frontend(service.publicUrl, { device: benchAppDevice });
  const token = await register(api, "profile@example.com");
  if (values.load === "login")
    await perSecond(users, 4, (i) => register(api, `profile-${i}@example.com`));

  let round = 0;
  /** Runs the load for `seconds`; returns what it achieved and how many operations it did. */
  const run = async (seconds: number): Promise<{ summary: string; operations: number }> => {
    if (values.load === "whoami") {
      const result = await generator.run({
        url: `${service.publicUrl}/sessions/whoami`,
        headers: { "x-session-token": token },
        connections: 10,
        seconds,
      });
      return {
        summary: `whoami: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
        operations: result.requests,
      };
    }
    let operations = 0;
    const rate = await forDuration(seconds, 8, (i) => {
      operations++;
      if (values.load === "init") return api.createNativeLoginFlow();
      if (values.load === "registration")
        return register(api, `profile-new-${round}-${i}@example.com`);
      return login(api, `profile-${i % users}@example.com`);
    });
    round++;
    return { summary: `${values.load}: ${rate.toFixed(1)}/s`, operations };
  };

  const warmup = Number(values.warmup);
  if (warmup > 0) console.log(`warm-up ${(await run(warmup)).summary}`);
  const window = { sinceMs: performance.now() - spawnedAt };
  const threadsBefore = threadCpu(service.pid);
  const measured = await run(Number(values.seconds));
  const threadsAfter = threadCpu(service.pid);
  console.log(`measured ${measured.summary}`);
  console.log(
    "\n== CPU time per thread of the service (/proc; the CPU profile sees only the main thread) ==",
  );
  console.log(formatThreadCpu(service.pid, threadsBefore, threadsAfter, measured.operations));
  await service.stop();

  const [file] = readdirSync(join(folder, "prof"));
  const profile = join(folder, "prof", file!);
  console.log("\n== self time by area ==");
  console.log(formatSelfTime(selfTimeByArea(profile, window).slice(0, 15)));
  console.log("\n== inclusive time, the service's own code ==");
  const own = (location: string): boolean => location.startsWith("apps/");
  console.log(formatSelfTime(inclusiveTime(profile, own, 25, window)));
  console.log("\n== self time, top functions ==");
  console.log(formatSelfTime(topSelfTime(profile, Number(values.top), window)));
} finally {
  await generator.stop();
  await pg?.stop();
  rmSync(folder, { recursive: true, force: true });
}
