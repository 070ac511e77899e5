// Reading a screen's query (`?flow=`, `?error=`, init parameters) as Next hands it to pages.

export type SearchParams = Readonly<Record<string, string | string[] | undefined>>;

export function queryParam(query: SearchParams, name: string): string | undefined {
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === "" ? undefined : first;
}

/**
 * The query of "try again": the screen's parameters minus the flow and the error (a return_to
 * the identity service refused is dropped too, or the retry would fail the same way).
 */
export function retryQuery(
  query: SearchParams,
  reason: string | undefined,
): Record<string, string> {
  const retry: Record<string, string> = {};
  for (const name of Object.keys(query)) {
    if (name === "flow" || name === "error") continue;
    if (name === "return_to" && reason === "self_service_flow_return_to_forbidden") continue;
    const value = queryParam(query, name);
    if (value) retry[name] = value;
  }
  return retry;
}

export function toSearchParams(query: SearchParams): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(query)) {
    const value = queryParam(query, name);
    if (value) params.set(name, value);
  }
  return params;
}
