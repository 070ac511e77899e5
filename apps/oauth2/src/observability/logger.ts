import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { activeTraceFields } from "@moos/telemetry";
import { type Logger, pino } from "pino";

// The provider's JSON log lines (pino), the identity service's shape: one object per line with
// `time`, `level`, `service`, the request's `request_id` and, with tracing on, its `trace_id`
// and `span_id`. What is logged is an event and an error, never a request's parameters, cookies
// or tokens.
//
// A caller's X-Request-Id (the web app's and the identity service's, or nginx's) is taken when
// it is a plain token, so one request is followed through every service's log; anything else
// could forge log lines or split headers and is replaced by a fresh id.

const saneId = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && saneId.test(given) ? given : randomUUID();
}

export function createLogger(): Logger {
  return pino(
    {
      base: { service: "oauth2" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: activeTraceFields,
      serializers: { err: pino.stdSerializers.err },
    },
    pino.destination({ dest: 1, sync: true }),
  );
}
