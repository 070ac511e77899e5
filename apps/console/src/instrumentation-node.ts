import { log } from "@moos/telemetry/log";
import type { Instrumentation } from "next";
import { REQUEST_ID_HEADER } from "./lib/request-context";

// The console's server start and its unexpected errors, in Node.js (instrumentation.ts loads
// this file only there).
//
// The configuration is read here, once, when the server starts, so a missing secret or a wrong
// URL stops the console before it answers anyone (not at import: `next build` loads the modules
// too, without the production settings).

export async function register(): Promise<void> {
  const { config } = await import("./lib/config");
  config();
}

// Every error Next caught while rendering or running a server action or route handler, as a JSON
// line with the request's id. Only the path is written: the search's sealed query and page
// tokens stay out of the log, and nothing of the request's headers or cookies goes in.
export async function onRequestError(
  ...[error, request, context]: Parameters<Instrumentation.onRequestError>
): Promise<void> {
  const requestId = request.headers[REQUEST_ID_HEADER];
  log("error", "request failed", {
    request_id: typeof requestId === "string" ? requestId : undefined,
    method: request.method,
    path: request.path.split("?")[0],
    route: context.routePath,
    error,
  });
}
