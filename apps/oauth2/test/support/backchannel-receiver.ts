import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A client's back-channel logout endpoint (OpenID Connect Back-Channel Logout 1.0 §2.5): it
// keeps every logout token it is sent and answers 200.

export interface BackchannelReceiver {
  url: string;
  tokens: string[];
  close(): Promise<void>;
}

export async function startBackchannelReceiver(): Promise<BackchannelReceiver> {
  const tokens: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const token = form.get("logout_token");
      if (req.method === "POST" && token) tokens.push(token);
      res.writeHead(token ? 200 : 400, { "cache-control": "no-store" }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/backchannel-logout`,
    tokens,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
