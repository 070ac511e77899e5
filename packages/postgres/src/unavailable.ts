// What "the database is unavailable" means, as one error type the services answer 503 for
// (docs/production.md#when-the-database-is-down). The pool (pool.ts) throws it for every
// failure of the database rather than of the query: no connection could be had, the
// connection broke while the query ran, or the query outran its timeout. A query the database
// refused (a unique violation, a syntax error) keeps its own error.

/** The database could not be reached or did not answer in time; retrying later may work. */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
}

/** Whether the error, or any error it was caused by, is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error; current = current.cause) {
    if (seen.has(current)) return false;
    seen.add(current);
    if (current instanceof DatabaseUnavailableError) return true;
  }
  return false;
}

// SQLSTATEs (https://www.postgresql.org/docs/15/errcodes-appendix.html) that describe the
// server rather than the query: class 08 (the connection failed), the server shutting down or
// crashing (57P01, 57P02) or starting up (57P03), too many connections (53300), a statement
// that outran `statement_timeout` (57014), and a write sent to a standby during a failover
// (25006: the connection reached a server that is read-only for now).
const serverStates = new Set(["57P01", "57P02", "57P03", "57014", "53300", "25006"]);

/** Whether PostgreSQL sent the error (it carries a SQLSTATE). */
export function hasSqlState(error: unknown): boolean {
  return sqlStateOf(error) !== undefined;
}

/** Whether an error PostgreSQL sent describes the server's state rather than the query. */
export function isServerUnavailableState(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && (code.startsWith("08") || serverStates.has(code));
}

function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
