// The Next.js apps' server-side log lines (apps/web, apps/console): one JSON object per line
// (time, level, msg, request_id, ...), the same shape as the identity service's, so one request
// can be followed through them all by its id. With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), a
// line written during a traced request also carries its `trace_id` and `span_id`.
//
// What may be written is narrow on purpose: field values are plain strings, numbers and
// booleans (objects one level deep), and an error is reduced to its name, message, status,
// the identity service's error id and the stack. Response bodies, headers, cookies, form
// values, codes and tokens are never passed to these functions, and an object handed in as a
// field cannot smuggle them in below the first level.

import { activeTraceFields } from "./trace-fields.ts";

export type LogLevel = "info" | "warn" | "error";

type Primitive = string | number | boolean | null;
export type LogFields = Readonly<Record<string, unknown>>;

const MAX_STRING = 500;
const MAX_STACK = 4000;

function truncate(value: string, max = MAX_STRING): string {
  return value.length > max ? `${value.slice(0, max)}…` : value;
}

function primitive(value: unknown): Primitive | undefined {
  if (value === null) return null;
  if (typeof value === "string") return truncate(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  return undefined;
}

/** Primitives as they are; plain objects one level deep, keeping their primitive fields. */
function sanitize(value: unknown): unknown {
  const simple = primitive(value);
  if (simple !== undefined) return simple;
  if (typeof value !== "object" || Array.isArray(value)) return undefined;
  const kept: Record<string, Primitive> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    const simpleField = primitive(field);
    if (simpleField !== undefined) kept[key] = simpleField;
  }
  return kept;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null
    ? (value as Record<string, unknown>)
    : undefined;
}

/** What of an error is safe and useful in a log line. */
export function describeError(
  error: unknown,
): Record<string, Primitive | Record<string, Primitive>> {
  if (!(error instanceof Error)) return { name: typeof error, message: "(not an Error)" };
  const described: Record<string, Primitive | Record<string, Primitive>> = {
    name: error.name,
    message: truncate(error.message),
  };
  const fields = record(error);
  if (typeof fields?.status === "number") described.status = fields.status;
  // The identity service's error id (`security_csrf_violation`), never its whole answer.
  const errorId = record(record(fields?.data)?.error)?.id;
  if (typeof errorId === "string") described.error_id = truncate(errorId, 100);
  if (error.stack) described.stack = truncate(error.stack, MAX_STACK);
  if (error.cause instanceof Error) {
    described.cause = { name: error.cause.name, message: truncate(error.cause.message) };
  }
  return described;
}

/** Writes one JSON line: errors and warnings to stderr, the rest to stdout. */
export function log(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const entry: Record<string, unknown> = {
    time: new Date().toISOString(),
    level,
    msg,
    ...activeTraceFields(),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (key in entry) continue;
    const kept = key === "error" ? describeError(value) : sanitize(value);
    if (kept !== undefined) entry[key] = kept;
  }
  const line = `${JSON.stringify(entry)}\n`;
  if (level === "info") process.stdout.write(line);
  else process.stderr.write(line);
}

/** The parts of Next's `onRequestError` arguments a log line may carry. */
export interface FailedRequest {
  method: string;
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}
export interface FailedRoute {
  routePath: string;
  routeType: string;
}

/**
 * One line for an error Next caught while rendering or running a server action or route
 * handler (both apps' `onRequestError`), with the request's id, which it returns for a report.
 * Only the path is written: queries carry flow ids, codes on the verification and recovery
 * links, and the console's sealed search tokens; no header or cookie goes in.
 */
export function logRequestError(
  error: unknown,
  request: FailedRequest,
  route: FailedRoute,
  requestIdHeader: string,
): string | undefined {
  const header = request.headers[requestIdHeader];
  const requestId = typeof header === "string" ? header : undefined;
  log("error", "request failed", {
    request_id: requestId,
    method: request.method,
    path: request.path.split("?")[0],
    route: route.routePath,
    route_type: route.routeType,
    error,
  });
  return requestId;
}
