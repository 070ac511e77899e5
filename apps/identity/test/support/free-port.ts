import { createServer } from "node:net";

// Linux hands out 32768-60999 (net.ipv4.ip_local_port_range) to outgoing connections. A port
// of that range found free and closed again can be taken by any test's outgoing connection
// before the process that was meant to listen on it does (CI saw `listen EADDRINUSE`), so ports
// are drawn below it, where only a listener can take them.
//
// A harness listens seconds after it drew its ports (its database starts first), and Vitest's
// workers draw at the same time: each worker draws from a slice of its own (Vitest's
// VITEST_POOL_ID is 1..maxWorkers and Playwright's TEST_PARALLEL_INDEX 0..workers-1, unique
// among the workers running at once; any other process, such as a global setup, uses slice 0),
// and a process never hands out a port twice.
const lowest = 20000;
const slices = 4;
const sliceSize = 3000;
const handedOut = new Set<number>();

function slice(): number {
  const vitest = Number(process.env.VITEST_POOL_ID);
  if (Number.isInteger(vitest) && vitest > 0) return vitest % slices;
  const playwright = Number(process.env.TEST_PARALLEL_INDEX);
  if (process.env.TEST_PARALLEL_INDEX && Number.isInteger(playwright)) {
    return (playwright + 1) % slices;
  }
  return 0;
}

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * A loopback port that was free a moment ago, for a process or a configuration that must know
 * its port before it listens; a server of the test's own listens on port 0 instead.
 */
export async function freePort(): Promise<number> {
  const first = lowest + slice() * sliceSize;
  if (handedOut.size >= sliceSize / 2) handedOut.clear();
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = first + Math.floor(Math.random() * sliceSize);
    if (handedOut.has(port)) continue;
    if (await tryListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${first} and ${first + sliceSize}`);
}

/** `wanted` different free ports. */
export async function freePorts(wanted: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < wanted) ports.push(await freePort());
  return ports;
}
