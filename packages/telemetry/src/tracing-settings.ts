// When tracing is on: the standard OpenTelemetry environment variables decide
// (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/). Tracing is
// off unless an OTLP endpoint is set, so a deployment that configures nothing loads no SDK and
// pays nothing; OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none turn it off again.

type Env = Readonly<Record<string, string | undefined>>;

export function isTracingConfigured(env: Env): boolean {
  const endpoint =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  return env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== "none";
}
