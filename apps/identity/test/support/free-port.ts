import { createServer } from "node:net";

// Linux hands out 32768-60999 (net.ipv4.ip_local_port_range) to outgoing connections. A port
// of that range found free and closed again can be taken by any test's outgoing connection
// before the process that was meant to listen on it does (CI saw `listen EADDRINUSE`), so ports
// are drawn below it, where only a listener can take them.
const lowest = 20000;
const count = 12000;

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
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = lowest + Math.floor(Math.random() * count);
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port between ${lowest} and ${lowest + count}`);
}

/** `wanted` different free ports. */
export async function freePorts(wanted: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < wanted) ports.add(await freePort());
  return [...ports];
}
