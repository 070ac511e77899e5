export type HashErrorCode = "hash_invalid_options" | "hash_failed";

/** Thrown by the hasher. `cause` keeps the lower error for the log; it is never sent to a client. */
export class HashError extends Error {
  readonly code: HashErrorCode;

  constructor(code: HashErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HashError";
    this.code = code;
  }
}
