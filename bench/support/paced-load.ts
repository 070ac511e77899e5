import { Agent, request } from "node:http";
import type { LoadRequest, LoadResult } from "./load-generator.ts";

// A fixed rate of requests, evenly spaced: request k is due at k / rate seconds, and its latency
// counts from then, not from when it could be sent (an open model, as wrk2 measures). autocannon's
// rate is a quota per second per connection: each second it sends its quota back to back, as fast
// as the service answers, and then waits for the next second. Its "1,000 req/s" is a burst at
// full speed every second, so a pause of a few milliseconds in the burst delayed a tenth of a
// connection's requests, and its correction for them assumed requests 1 ms apart: a single 10 ms
// pause (a collection, or the host stopping the machine, which stalls every process at once) took
// the p99 from 1 ms to 9-11 ms. Here such a pause delays the few requests due during it.

const TIMEOUT_MS = 10_000;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Rounded to 0.1 ms: the service answers whoami in well under a millisecond. */
const tenths = (ms: number): number => Math.round(ms * 10) / 10;

export async function pacedLoad(
  load: LoadRequest & { rate: number },
  seconds: number,
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.connections });
  const url = new URL(load.url);
  const total = Math.round(load.rate * seconds);
  const spacing = 1000 / load.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let finished = 0;
  let lastAnswer = 0;
  const start = performance.now();

  await new Promise<void>((resolve) => {
    const send = (due: number): void => {
      // Each request ends once, whichever of its events comes first: an answer read to its end,
      // a timeout, or a failure of the request or of the answer (a reset).
      let ended = false;
      const end = (outcome: "answered" | "timed out" | "failed", status?: number): void => {
        if (ended) return;
        ended = true;
        lastAnswer = performance.now();
        if (outcome === "timed out") timeouts++;
        else if (outcome === "failed") errors++;
        else if (status === 200) latencies.push(lastAnswer - due);
        else non2xx++;
        finished++;
        if (finished === total) resolve();
      };
      const outgoing = request(
        url,
        { agent, headers: load.headers, timeout: TIMEOUT_MS },
        (res) => {
          res.resume();
          res.on("end", () => end("answered", res.statusCode));
          res.on("close", () => end("failed"));
        },
      );
      outgoing.on("timeout", () => {
        end("timed out");
        outgoing.destroy();
      });
      outgoing.on("error", () => end("failed"));
      outgoing.end();
    };
    let sent = 0;
    const sendDue = (): void => {
      const now = performance.now();
      while (sent < total && start + sent * spacing <= now) send(start + sent++ * spacing);
      if (sent < total) setTimeout(sendDue, Math.max(0, start + sent * spacing - now));
    };
    sendDue();
  });
  agent.destroy();

  const sorted = Float64Array.from(latencies).sort();
  return {
    requests: latencies.length,
    rps: latencies.length / ((lastAnswer - start) / 1000),
    p50: tenths(percentile(sorted, 50)),
    p99: tenths(percentile(sorted, 99)),
    non2xx,
    errors,
    timeouts,
  };
}
