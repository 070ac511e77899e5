import { STATUS_CODES } from "node:http";
import { type ConsoleErrorId, type ErrorId, errorIds } from "@moos/contract";
import type { RateLimitName } from "./request-outcome.ts";

// Kratos's error envelope (docs/protocol.md#error-envelope): {"error": {id?, code, status, reason?, details?,
// message}} plus top-level extras such as redirect_browser_to or use_flow_id.

/** Kratos's error ids, and the console API's own (packages/contract/src/console-api.ts). */
export type EnvelopeErrorId = ErrorId | ConsoleErrorId;

export interface GenericError {
  id?: EnvelopeErrorId;
  code: number;
  status: string;
  reason?: string;
  details?: Record<string, unknown>;
  message: string;
}

interface HttpErrorOptions {
  id?: EnvelopeErrorId;
  reason?: string;
  details?: Record<string, unknown>;
  /** Top-level fields next to `error`. */
  extras?: Record<string, unknown>;
  cause?: unknown;
  /** The limit that refused the request (for metrics; never sent). */
  limit?: RateLimitName;
}

export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;
  readonly id: EnvelopeErrorId | undefined;
  readonly reason: string | undefined;
  readonly details: Record<string, unknown> | undefined;
  readonly extras: Record<string, unknown>;
  readonly limit: RateLimitName | undefined;

  constructor(status: number, message: string, options: HttpErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = status;
    this.id = options.id;
    this.reason = options.reason;
    this.details = options.details;
    this.extras = options.extras ?? {};
    this.limit = options.limit;
  }

  toEnvelope(): Record<string, unknown> {
    const error: GenericError = {
      ...(this.id ? { id: this.id } : {}),
      code: this.status,
      status: STATUS_CODES[this.status] ?? "Error",
      ...(this.reason ? { reason: this.reason } : {}),
      ...(this.details ? { details: this.details } : {}),
      message: this.message,
    };
    return { error, ...this.extras };
  }
}

/** An error with a Kratos error id; the status comes from the shared catalogue. */
export function kratosError(
  id: ErrorId,
  message: string,
  options: Omit<HttpErrorOptions, "id"> = {},
): HttpError {
  return new HttpError(errorIds[id], message, { ...options, id });
}

/**
 * What a 503 asks clients to wait: PostgreSQL restarts (a crash, an upgrade, a managed failover)
 * take seconds; a client that asks sooner only adds load.
 */
export const unavailableRetryAfterSeconds = 5;

export const errors = {
  badRequest: (reason: string, options: HttpErrorOptions = {}): HttpError =>
    new HttpError(400, "The request was malformed or contained invalid parameters", {
      reason,
      ...options,
    }),
  notFound: (reason = "The requested resource could not be found"): HttpError =>
    new HttpError(404, "The requested resource could not be found", { reason }),
  unauthorized: (reason: string): HttpError =>
    new HttpError(401, "The request could not be authorized", { reason }),
  forbidden: (reason: string): HttpError =>
    new HttpError(403, "The requested action was forbidden", { reason }),
  tooManyRequests: (retryAfterSeconds: number, limit: RateLimitName): HttpError =>
    new HttpError(429, "Too many requests", {
      reason: `Too many requests. Try again in ${retryAfterSeconds} seconds.`,
      details: { retry_after_seconds: retryAfterSeconds },
      limit,
    }),
  /**
   * 503: the database is unreachable for the moment (docs/production.md#when-the-database-is-down).
   * Retry-After tells clients and load balancers when to try again; the cause is logged, never
   * sent.
   */
  unavailable: (cause: unknown): HttpError =>
    kratosError("service_unavailable", "the service is briefly unavailable", {
      reason: "The database cannot be reached at the moment. Please try again in a few seconds.",
      details: { retry_after_seconds: unavailableRetryAfterSeconds },
      cause,
    }),
  internal: (cause: unknown): HttpError =>
    new HttpError(
      500,
      "An internal server error occurred, please contact the system administrator",
      {
        reason: "An unexpected error occurred.",
        cause,
      },
    ),
  sessionInactive: (): HttpError =>
    kratosError("session_inactive", "request does not have a valid authentication session", {
      reason: "No active session was found in this request.",
      extras: { CredentialsMissing: true },
    }),
  noSessionCredentials: (): HttpError =>
    new HttpError(401, "The request could not be authorized", {
      reason: "No valid session credentials found in the request.",
    }),
  csrf: (rejectReason: string): HttpError =>
    kratosError(
      "security_csrf_violation",
      "the request was rejected to protect you from Cross-Site-Request-Forgery",
      {
        reason:
          "Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.",
        details: {
          docs: "https://www.ory.sh/kratos/docs/debug/csrf",
          hint: "The anti-CSRF cookie was found but the CSRF token was not included in the HTTP request body (csrf_token) nor in the HTTP Header (X-CSRF-Token).",
          reject_reason: rejectReason,
        },
      },
    ),
  returnToForbidden: (): HttpError =>
    kratosError(
      "self_service_flow_return_to_forbidden",
      "Requested return_to URL is not allowed.",
      {
        reason: "The requested return_to URL is not allowed by the configuration.",
      },
    ),
  /** 422: JSON clients are told where the browser must go next (top-level redirect_browser_to). */
  browserLocationChange: (target: string): HttpError =>
    kratosError("browser_location_change_required", "browser location change required", {
      reason: `In order to complete this flow please redirect the browser to: ${target}`,
      extras: { redirect_browser_to: target },
    }),
  flowDisabled: (flow: string): HttpError =>
    kratosError("self_service_flow_disabled", `${flow} flow disabled`, {
      reason: `The ${flow} flow is disabled in this deployment.`,
    }),
};
