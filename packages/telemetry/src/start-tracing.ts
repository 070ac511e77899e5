// The OpenTelemetry SDK for a service, started by register.ts when an OTLP endpoint is set,
// configured by the standard variables
// (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/):
// OTEL_EXPORTER_OTLP_ENDPOINT or _TRACES_ENDPOINT, _HEADERS, _TIMEOUT and _PROTOCOL (OTLP over
// HTTP: http/protobuf, the default, or http/json), OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
// OTEL_TRACES_SAMPLER and _ARG, OTEL_PROPAGATORS (W3C traceparent and baggage by default) and
// OTEL_BSP_* for batching.
//
// The instrumentations are OpenTelemetry's own (http for incoming requests and http.request,
// undici for fetch, pg for PostgreSQL) and Fastify's (@fastify/otel: each request's route and
// handler). Query strings are never recorded (query-free-urls.ts). Only traces are exported:
// metrics are Prometheus's (GET /metrics), logs are JSON lines on stdout.

import { FastifyOtelInstrumentation } from "@fastify/otel";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { HttpInstrumentation } from "@opentelemetry/instrumentation-http";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici";
import { NodeSDK } from "@opentelemetry/sdk-node";
import {
  BatchSpanProcessor,
  type BatchSpanProcessorOptions,
  type SpanExporter,
} from "@opentelemetry/sdk-trace";
import { QueryFreeUrls } from "./query-free-urls.ts";

type Env = Readonly<Record<string, string | undefined>>;

/** Requests not worth a trace: health checks and Prometheus's scrapes. */
function isRoutine(url: string | undefined): boolean {
  const path = url?.split("?")[0];
  return path === "/metrics" || (path?.startsWith("/health/") ?? false);
}

function exporterFor(env: Env): SpanExporter {
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim() ||
    "http/protobuf";
  // Both read the endpoint, headers, timeout and compression from the environment.
  if (protocol === "http/protobuf") return new ProtobufExporter();
  if (protocol === "http/json") return new JsonExporter();
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use http/protobuf or http/json`,
  );
}

/** OTEL_BSP_*: the batching the SDK would take from the environment, were the exporter its own. */
function batchingFrom(env: Env): Omit<BatchSpanProcessorOptions, "exporter"> {
  const read = (key: string): number | undefined => {
    const value = Number.parseInt(env[key] ?? "", 10);
    return Number.isFinite(value) && value >= 0 ? value : undefined;
  };
  const options: Omit<BatchSpanProcessorOptions, "exporter"> = {};
  const delay = read("OTEL_BSP_SCHEDULE_DELAY");
  const timeout = read("OTEL_BSP_EXPORT_TIMEOUT");
  const queue = read("OTEL_BSP_MAX_QUEUE_SIZE");
  const batch = read("OTEL_BSP_MAX_EXPORT_BATCH_SIZE");
  if (delay !== undefined) options.scheduledDelayMillis = delay;
  if (timeout !== undefined) options.exportTimeoutMillis = timeout;
  if (queue !== undefined) options.maxQueueSize = queue;
  if (batch !== undefined) options.maxExportBatchSize = batch;
  return options;
}

export function startTracing(env: Env = process.env): void {
  const sdk = new NodeSDK({
    // The query is taken out before the batch processor sees the span.
    spanProcessors: [
      new QueryFreeUrls(),
      new BatchSpanProcessor({ exporter: exporterFor(env), ...batchingFrom(env) }),
    ],
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isRoutine(request.url),
      }),
      new UndiciInstrumentation(),
      // Only queries inside a traced request or send: the outbox's polling, every second on
      // every instance, would otherwise be a stream of one-span traces.
      new PgInstrumentation({ requireParentSpan: true }),
      // The route and its handler; not a span per lifecycle hook (a dozen per request, named
      // after the plugin chain), which doubled a traced whoami's cost.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, instrumentHooks: false }),
    ],
  });
  sdk.start();
}
