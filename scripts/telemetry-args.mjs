// The Node.js arguments that start OpenTelemetry tracing in a service (packages/telemetry,
// register.ts): `--import` of the register module, which must run before the service's own
// modules load so that pg, http and fastify are instrumented. Given only when the environment
// asks for tracing (an OTLP endpoint, README "Traces"); otherwise none, and the service loads
// nothing of OpenTelemetry's SDK. Every launcher adds them (`npm start`, `npm run
// start:production`, the browser tests' services, the benchmark); another process manager adds
// the same flag itself.
import path from "node:path";
import { isTracingConfigured } from "../packages/telemetry/src/tracing-settings.ts";

const register = path.resolve(import.meta.dirname, "../packages/telemetry/dist/register.js");

/** `["--import", <register>]` when `env` configures tracing, else `[]`. */
export function telemetryArgs(env) {
  return isTracingConfigured(env) ? ["--import", register] : [];
}

/** `env` with OTEL_SERVICE_NAME set to `moos-<service>` unless it names one already. */
export function withServiceName(env, service) {
  return { OTEL_SERVICE_NAME: `moos-${service}`, ...env };
}
