import autocannon from "autocannon";
import type { LoadMessage, LoadRequest, LoadResult } from "./load-generator.ts";
import { pacedLoad } from "./paced-load.ts";

// The load generator's own process (load-generator.ts starts it): runs the load as asked (as
// fast as the service answers with autocannon, a fixed rate with paced-load.ts) and answers with
// the figures. Several runs may go on at once (the leak check's mixed load).

async function run(request: LoadRequest, seconds: number): Promise<LoadResult> {
  if (request.rate) return pacedLoad({ ...request, rate: request.rate }, seconds);
  const result = await autocannon({
    url: request.url,
    headers: request.headers,
    connections: request.connections,
    duration: seconds,
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

process.on("message", (message: LoadMessage) => {
  if (!("request" in message)) return;
  const { id, request } = message;
  void (async () => {
    try {
      if (request.warmupSeconds) await run(request, request.warmupSeconds);
      const result = await run(request, request.seconds);
      process.send?.({ id, result } satisfies LoadMessage);
    } catch (error) {
      process.send?.({ id, error: String(error) } satisfies LoadMessage);
    }
  })();
});
