import { logRequestError } from "@moos/telemetry/log";
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

// Every error Next caught, as a JSON line (@moos/telemetry/log's logRequestError says what it
// may carry: the search's sealed query and page tokens stay out).
export async function onRequestError(
  ...[error, request, context]: Parameters<Instrumentation.onRequestError>
): Promise<void> {
  logRequestError(error, request, context, REQUEST_ID_HEADER);
}
