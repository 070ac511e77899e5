// What a failed write means, read from the driver's error (PGlite and pg share PostgreSQL's
// SQLSTATE codes), so callers can tell a lost race from a broken database.

/**
 * The database is unreachable for the moment (the pool of @moos/postgres says so for every
 * connection lost, refused or timed out): the request is answered 503, not 500.
 */
export { isDatabaseUnavailable } from "@moos/postgres";

/** PostgreSQL's unique_violation: a concurrent write took the identifier first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

/**
 * A new account's identifier taken by a concurrent registration: the unique index decides.
 * A transaction may wrap the driver's error, so its cause is read too.
 */
export function isDuplicateKey(error: unknown): boolean {
  return (
    isUniqueViolation(error) || String((error as Error)?.cause ?? error).includes("duplicate key")
  );
}
