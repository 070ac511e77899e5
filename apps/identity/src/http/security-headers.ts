import type { FastifyInstance } from "fastify";
import type { Config } from "../config/config.ts";
import { echoRequestId } from "./request-id.ts";

// Headers on every answer, errors and 404s included: set when the request arrives, which every
// answer passes through (see request-id.ts for why not in an async onSend hook).
// Behind https the public server sends HSTS (RFC 6797): browsers then refuse plain http to this
// host for a year, so a network attacker cannot strip TLS and read cookies or codes. Without
// includeSubDomains: other hosts of the shop's domain are not ours to commit to https.

const hsts = "max-age=31536000";

export function addResponseHeaders(
  app: FastifyInstance,
  config: Config,
  server: "public" | "admin",
): void {
  echoRequestId(app);
  if (server === "public" && config.serve.public.base_url.startsWith("https:")) {
    app.addHook("onRequest", (_request, reply, done) => {
      reply.header("strict-transport-security", hsts);
      done();
    });
  }
}
