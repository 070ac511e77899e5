import { request } from "node:http";

// A fetch that connects from another loopback address. Every address in 127.0.0.0/8 reaches a
// server bound on 127.0.0.1, so a test can be a client that is not the trusted proxy on
// 127.0.0.1 (as `curl --interface 127.0.0.2` would). Built on node:http's `localAddress`; one
// connection per request (no keep-alive), and redirects are never followed.

export function fetchFrom(
  localAddress: string,
  extraHeaders: Record<string, string> = {},
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    const body = typeof init?.body === "string" ? init.body : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: init?.method ?? "GET",
          headers: Object.fromEntries(headers),
          localAddress,
          agent: false,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("error", reject);
          incoming.on("end", () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const one of Array.isArray(value) ? value : [value ?? ""])
                responseHeaders.append(name, one);
            }
            const status = incoming.statusCode ?? 500;
            const bytes = Buffer.concat(chunks);
            resolve(
              new Response(status === 204 || status === 304 ? null : bytes, {
                status,
                headers: responseHeaders,
              }),
            );
          });
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  };
}
