import { STATUS_CODES } from "node:http";
import { type ConsoleErrorId, consoleErrorIds } from "@moos/contract";
import { HttpError } from "../http/errors.ts";

// The console API's errors (packages/contract/src/console-api.ts): Kratos's envelope with the
// console's ids. `reason` is English for logs; the console shows its own text for the id.

export function consoleError(
  id: ConsoleErrorId,
  reason: string,
  details?: Record<string, unknown>,
): HttpError {
  const status = consoleErrorIds[id];
  return new HttpError(status, STATUS_CODES[status] ?? "Error", {
    id,
    reason,
    ...(details ? { details } : {}),
  });
}

/** A body field or header is missing or malformed: 400 naming it in `details.field`. */
export function badField(field: string, reason: string): HttpError {
  return consoleError("console_bad_request", reason, { field });
}
