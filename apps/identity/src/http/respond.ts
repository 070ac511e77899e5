import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { isDatabaseUnavailable } from "../persistence/errors.ts";
import { errors, HttpError } from "./errors.ts";

export function sendJson(reply: FastifyReply, status: number, body: unknown): void {
  reply
    .code(status)
    .header("cache-control", "private, no-cache, no-store, must-revalidate")
    .send(body);
}

/** `sendJson` for a body already serialised (whoami's cached answers). */
export function sendJsonText(reply: FastifyReply, status: number, json: string): void {
  reply
    .code(status)
    .header("cache-control", "private, no-cache, no-store, must-revalidate")
    .header("content-type", "application/json; charset=utf-8")
    .send(json);
}

export function redirect(reply: FastifyReply, location: string, status = 303): void {
  reply.code(status).header("location", location).send();
}

/**
 * Renders an error. JSON clients get the envelope; browsers are sent to the error UI with the
 * error stored under an id. Unexpected errors become a 500 whose cause is logged, never sent.
 */
export async function sendError(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  json: boolean,
): Promise<void> {
  const httpError = toHttpError(error);
  // Errors raised before the onRequest hooks (a malformed URL) find no outcome yet.
  request.outcome ??= {};
  request.outcome.errorStatus = httpError.status;
  if (httpError.limit) request.outcome.rateLimit = httpError.limit;
  if (httpError.id === "service_unavailable") {
    // An outage is logged once by the pool (component "database"); each answer only briefly.
    const cause = httpError.cause instanceof Error ? httpError.cause.message : undefined;
    request.log.warn({ cause }, "request answered 503: the database is unavailable");
  } else if (httpError.status >= 500)
    request.log.error({ err: httpError.cause ?? error }, "request failed");
  // Only the unexpected: a 503 (shutting down, a database that is down) is an outage, which
  // the metrics and alerts report.
  if (httpError.status === 500) {
    request.server.errorReports.report(httpError.cause ?? error, {
      request_id: request.id,
      route: request.routeOptions?.url,
    });
  }
  if (httpError.id) reply.header("ory-error-id", httpError.id);
  const retryAfter = httpError.details?.retry_after_seconds;
  if (typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
  const envelope = httpError.toEnvelope();
  if (json || httpError.status === 429) return sendJson(reply, httpError.status, envelope);
  // Nothing can be stored now: the error UI is sent to the error the errors endpoint knows
  // without the database (misc-routes.ts), and to the page to try again (a GET: an emailed
  // link, the start of a flow), which it may offer as a link.
  if (httpError.id === "service_unavailable") {
    const target = new URL(errorUiUrl(deps, "stub:503"));
    if (request.method === "GET") target.searchParams.set("retry", request.url);
    return redirect(reply, target.toString());
  }
  const id = crypto.randomUUID();
  try {
    await deps.persistence.errors.createError(id, envelope.error as Record<string, unknown>);
  } catch (cause) {
    request.log.error({ err: cause }, "could not store error");
    return sendJson(reply, httpError.status, envelope);
  }
  redirect(reply, errorUiUrl(deps, id));
}

function errorUiUrl(deps: Deps, id: string): string {
  const target = new URL(deps.config.selfservice.flows.error.ui_url);
  target.searchParams.set("id", id);
  return target.toString();
}

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  // A database that is away is an outage, not a bug: 503 (docs/production.md#when-the-database-is-down).
  if (isDatabaseUnavailable(error)) return errors.unavailable(error);
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const reason = status === 413 ? "The request body is too large." : (error as Error).message;
    return new HttpError(
      status,
      status === 413
        ? "Payload Too Large"
        : "The request was malformed or contained invalid parameters",
      { reason },
    );
  }
  // The multipart parser throws plain errors for a client's broken body.
  if (error instanceof Error && /multipart|boundary|part header/i.test(error.message)) {
    return errors.badRequest(`The request body could not be parsed: ${error.message}`);
  }
  return errors.internal(error);
}
