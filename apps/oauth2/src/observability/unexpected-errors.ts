import type { IncomingMessage } from "node:http";
import type { ErrorReporter } from "@moos/telemetry/error-reports";
import type { Logger } from "pino";

// One place for an unexpected error in any of the provider's servers: a JSON log line with the
// request id (and trace id), and a report when reports are on (a no-op reporter otherwise).

export type UnexpectedErrors = (
  error: unknown,
  request: IncomingMessage | undefined,
  where: string,
) => void;

export function unexpectedErrors(logger: Logger, reports: ErrorReporter): UnexpectedErrors {
  return (error, request, where) => {
    const requestId = request?.headers["x-request-id"];
    const request_id = typeof requestId === "string" ? requestId : undefined;
    logger.error({ err: error, request_id, where }, "request failed");
    reports.report(error, { request_id });
  };
}
