import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A local OTLP/HTTP endpoint for the tracing benchmark: takes every export (protobuf, the
// services' default) and answers 200 at once, as a collector does, counting what arrived. It
// runs in the benchmark's process, on the load generator's core(s).

export interface OtlpSink {
  readonly endpoint: string;
  /** Exports and their bytes so far. */
  received(): { exports: number; bytes: number };
  close(): Promise<void>;
}

export async function startOtlpSink(): Promise<OtlpSink> {
  let exports = 0;
  let bytes = 0;
  const server = createServer((request, response) => {
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on("end", () => {
      if (request.url === "/v1/traces") exports++;
      response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    received: () => ({ exports, bytes }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
