import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

// The load runs in a process of its own, so the latencies it reports are the service's. In
// the benchmark's process, a collection of that process's heap (the accounts, the garbage of
// the phases before) paused the reading of answers, and a p99 of 2 ms came out as 11-18 ms
// while the service's event loop never stalled. The process stays up for the whole run, so its
// JIT is warm; it inherits this process's pinning.

export interface LoadRequest {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** Requests per second across all connections; as fast as the service answers when unset. */
  rate?: number;
  /** The same load first, not counted (connections, JIT, caches). */
  warmupSeconds?: number;
}

export interface LoadResult {
  /** Answers counted. */
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** What goes between the two processes. */
export type LoadMessage =
  | { id: number; request: LoadRequest }
  | { id: number; result: LoadResult }
  | { id: number; error: string };

export interface LoadGenerator {
  run(request: LoadRequest): Promise<LoadResult>;
  stop(): Promise<void>;
}

export function startLoadGenerator(): LoadGenerator {
  const child = fork(fileURLToPath(new URL("./load-generator-process.ts", import.meta.url)), {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<number, { resolve(r: LoadResult): void; reject(e: Error): void }>();
  let nextId = 0;
  child.on("message", (message: LoadMessage) => {
    const waiter = waiting.get(message.id);
    waiting.delete(message.id);
    if ("result" in message) waiter?.resolve(message.result);
    else if ("error" in message) waiter?.reject(new Error(message.error));
  });
  const exited = new Promise<void>((resolve) => {
    child.on("exit", (code) => {
      for (const waiter of waiting.values())
        waiter.reject(new Error(`the load generator exited (${code})`));
      waiting.clear();
      resolve();
    });
  });
  return {
    run(request) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, request } satisfies LoadMessage);
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}
