// A client's redirect target: a listener on a random loopback port in the test process that
// answers the browser with a small page, as a native app's loopback redirect (RFC 8252 §7.3)
// or a partner shop's callback would. The test reads the code (or the error) from the address
// the browser arrived at.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackClient {
  /** `http://127.0.0.1:<port>/callback`. */
  readonly redirectUri: string;
  close(): Promise<void>;
}

export async function startLoopbackClient(): Promise<LoopbackClient> {
  const server = createServer((_req, res) => {
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end("<!doctype html><title>App</title><h1>Zurück in der App</h1>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
