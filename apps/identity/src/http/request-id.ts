import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

// Every request gets an id that appears in each of its log lines and in the `X-Request-Id`
// answer header. The web app passes its own id on, so one customer's request can be followed
// through both logs. A caller's id is taken only when it is a plain token (letters, digits and
// `._:-`, at most 128 characters): anything else could forge log lines or split headers, and
// is replaced by a fresh UUID.

const saneId = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && saneId.test(given) ? given : randomUUID();
}

/**
 * Echoes the request id on every answer, errors and redirects included. Set when the request
 * arrives (a header set then survives into any answer) and synchronously: an async onSend hook
 * would let an async handler's promise settle before its reply is written, which fastify then
 * tries to answer a second time.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
}
