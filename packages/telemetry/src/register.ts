// The module a service is started with when tracing is on: `node --import
// @moos/telemetry/register main.js` (scripts/telemetry-args.mjs adds it). Automatic
// instrumentation must be in place before the instrumented modules load, and our services are
// ES modules: their `import pg from "pg"` is seen only by a module loader hook, which
// import-in-the-middle provides. Its message channel tells the hook which modules the
// instrumentations asked for, so only those are wrapped and every other import stays as it is.
// Without an OTLP endpoint this module does nothing and loads nothing else.

import { register } from "node:module";
import { isTracingConfigured } from "./tracing-settings.ts";

if (isTracingConfigured(process.env)) {
  const { createAddHookMessageChannel } = await import("import-in-the-middle");
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register("import-in-the-middle/hook.mjs", import.meta.url, registerOptions);
  const { startTracing } = await import("./start-tracing.ts");
  startTracing();
  await waitForAllMessagesAcknowledged();
}
