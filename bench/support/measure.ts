import type { LoadGenerator } from "./load-generator.ts";
import type { Service } from "./service.ts";

// What the benchmark measures with: whoami under load, the service's resident memory, and
// the rows of BENCHMARKS.md.

export interface Row {
  figure: string;
  db: string;
  goal: string;
  measured: string;
  met: boolean;
}

export function formatRows(rows: Row[]): string {
  return [
    "| figure | database | goal | measured | goal met |",
    "|---|---|---|---|---|",
    ...rows.map(
      (r) => `| ${r.figure} | ${r.db} | ${r.goal} | ${r.measured} | ${r.met ? "yes" : "no"} |`,
    ),
  ].join("\n");
}

export interface WhoamiResult {
  rps: number;
  p99: number;
  summary: string;
}

/**
 * whoami under load (in the load generator's process) for `seconds`, after `warmupSeconds` of
 * the same load: as fast as the service answers (autocannon, 32 connections), or at a fixed
 * `rate` of evenly spaced requests (paced-load.ts, at most 10 connections). Any answer but 200
 * fails the benchmark.
 */
export async function whoami(
  generator: LoadGenerator,
  options: {
    url: string;
    headers: Record<string, string>;
    seconds: number;
    rate?: number;
    warmupSeconds?: number;
  },
): Promise<WhoamiResult> {
  const result = await generator.run({
    url: options.url,
    headers: { accept: "application/json", ...options.headers },
    connections: options.rate ? 10 : 32,
    seconds: options.seconds,
    ...(options.rate ? { rate: options.rate } : {}),
    ...(options.warmupSeconds ? { warmupSeconds: options.warmupSeconds } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `whoami ${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  const { rps, p50, p99 } = result;
  const latency = `p50 ${p50} ms, p99 ${p99} ms`;
  return {
    rps,
    p99,
    summary: options.rate
      ? `p99 ${p99} ms (p50 ${p50} ms, ${rps.toFixed(0)} req/s)`
      : `${rps.toFixed(0)} req/s (${latency})`,
  };
}

/**
 * Resident memory once the service has had 3 s without requests, after a full garbage collection
 * when it has an inspector (collect-garbage.ts says why).
 */
export async function settledRss(service: Service): Promise<number> {
  await service.collectGarbage?.();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  return service.rssMb();
}

/** Samples resident memory every second until stopped; returns the highest. */
export function sampleMemory(service: Service): { stop(): number } {
  let highest = service.rssMb();
  const timer = setInterval(() => {
    highest = Math.max(highest, service.rssMb());
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(highest, service.rssMb());
    },
  };
}
