// An answer the admin API gives instead of a result, in Hydra's error shape (`ErrorOAuth2` in
// Ory's SDK): `{ error, error_description, status_code }`. `body` replaces it where Hydra
// answers with something else (410 Gone carries `redirect_to`).

export class FlowError extends Error {
  override readonly name = "FlowError";

  readonly status: number;
  readonly error: string;
  readonly description: string;
  readonly body?: Record<string, unknown>;

  constructor(status: number, error: string, description: string, body?: Record<string, unknown>) {
    super(description);
    this.status = status;
    this.error = error;
    this.description = description;
    this.body = body;
  }
}

/**
 * What a 503 asks clients to wait (Retry-After): PostgreSQL restarts (a crash, an upgrade, a
 * managed failover) take seconds.
 */
export const unavailableRetryAfterSeconds = 5;

/** RFC 6749's `temporarily_unavailable`, for any answer given while the database is away. */
export const unavailableDescription =
  "The database cannot be reached at the moment. Please try again in a few seconds.";

export const flowErrors = {
  notFound: (description: string) => new FlowError(404, "not_found", description),
  invalid: (description: string) => new FlowError(400, "invalid_request", description),
  conflict: (description: string) => new FlowError(409, "conflict", description),
  unavailable: () => new FlowError(503, "temporarily_unavailable", unavailableDescription),
  gone: (redirectTo: string) =>
    new FlowError(410, "gone", "The request was already answered.", { redirect_to: redirectTo }),
};
