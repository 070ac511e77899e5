// The HTTP status of a failed call through Ory's SDK (@ory/client-fetch's ResponseError carries
// the Response), for the admin and OAuth2 APIs, which are called without identity-client.ts.

/** The status of a failed SDK call, if it got an answer. */
export function statusOf(error: unknown): number | undefined {
  const response = (error as { response?: unknown } | null)?.response;
  return response instanceof Response ? response.status : undefined;
}
