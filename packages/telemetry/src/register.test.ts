import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isTracingConfigured } from "./tracing-settings.ts";

// The register module (`node --import @moos/telemetry/register`) starts the SDK only when an
// OTLP endpoint is set; without one the process loads nothing of OpenTelemetry, not even its
// API's global registry.

/** What a process started with the register module has loaded, as it reports it. */
function loadedWith(env: Record<string, string>): { registry: boolean; sdk: boolean } {
  const probe = `
    const registry = globalThis[Symbol.for("opentelemetry.js.api.1")] !== undefined;
    const { trace } = await import("@opentelemetry/api");
    const sdk = trace.getTracerProvider().getDelegate?.().constructor.name !== "NoopTracerProvider";
    console.log(JSON.stringify({ registry, sdk }));
    process.exit(0);`;
  const run = spawnSync(
    process.execPath,
    [
      "--conditions=development",
      "--import",
      "@moos/telemetry/register",
      "--input-type=module",
      "-e",
      probe,
    ],
    {
      cwd: import.meta.dirname,
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", ...env },
    },
  );
  expect(run.stderr).toBe("");
  return JSON.parse(run.stdout) as { registry: boolean; sdk: boolean };
}

describe("register", () => {
  it("loads nothing without an OTLP endpoint", () => {
    expect(loadedWith({})).toEqual({ registry: false, sdk: false });
  });

  it("starts the SDK with an endpoint", () => {
    expect(loadedWith({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" })).toEqual({
      registry: true,
      sdk: true,
    });
  });
});

describe("isTracingConfigured", () => {
  it("is on with an endpoint, off without one or when turned off", () => {
    expect(isTracingConfigured({})).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(isTracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" })).toBe(true);
    expect(
      isTracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://c:4318/v1/traces" }),
    ).toBe(true);
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" };
    expect(isTracingConfigured({ ...on, OTEL_SDK_DISABLED: "true" })).toBe(false);
    expect(isTracingConfigured({ ...on, OTEL_TRACES_EXPORTER: "none" })).toBe(false);
  });
});
