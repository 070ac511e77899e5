import { createServer } from "node:net";

/**
 * A loopback port that was free a moment ago, for a process or a configuration that must know
 * its port before it listens; a server of the test's own listens on port 0 instead.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}
