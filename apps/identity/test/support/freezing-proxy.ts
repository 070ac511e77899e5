import { connect, createServer, type Server, type Socket } from "node:net";

// A TCP proxy in front of PostgreSQL that can stop passing bytes, as a network partition does:
// connections stay open and nothing arrives, so only a timeout ends the wait. Thawed, it lets
// new connections through again (the frozen ones are dropped).

export interface FreezingProxy {
  /** The DSN through the proxy. */
  url: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezingProxy(target: string): Promise<FreezingProxy> {
  const upstream = new URL(target);
  let frozen = false;
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    // Accepted but never forwarded while frozen: the client waits for a server that is silent.
    if (frozen) return;
    const server = connect(Number(upstream.port), upstream.hostname);
    track(server);
    client.on("data", (chunk) => {
      if (!frozen) server.write(chunk);
    });
    server.on("data", (chunk) => {
      if (!frozen) client.write(chunk);
    });
    client.on("close", () => server.destroy());
    server.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = new URL(target);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
