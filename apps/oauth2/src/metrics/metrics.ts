import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { logoutPath } from "../provider/logout.ts";

// Prometheus metrics (prom-client) in the identity service's style: GET /metrics on the admin
// port, one registry per app (tests run several in one process), labels with bounded values
// only: the provider's own paths and the admin API's route patterns, never a client's path,
// id or address.

type Labels = Record<"server" | "method" | "route" | "status_code", string>;

export interface Metrics {
  registry: Registry;
  /** Counts one answered request. */
  observe(labels: Labels, seconds: number): void;
  /** Counts one request answered 503 because the database was unreachable. */
  unavailable(server: "public" | "admin"): void;
  /** Counts one answered request of the public server (node:http around oidc-provider). */
  observePublic(request: IncomingMessage, response: ServerResponse, seconds: number): void;
}

/** The public paths oidc-provider and the health checks answer; anything else is "(other)". */
const publicRoutes = new Set([
  "/.well-known/openid-configuration",
  "/.well-known/jwks.json",
  "/oauth2/auth",
  "/oauth2/token",
  "/oauth2/revoke",
  "/userinfo",
  logoutPath,
  `${logoutPath}/confirm`,
  "/health/alive",
  "/health/ready",
]);
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function publicRoute(url: string | undefined): string {
  const path = (url ?? "/").split("?")[0] ?? "/";
  if (publicRoutes.has(path)) return path;
  // oidc-provider resumes an authorization at /oauth2/auth/<uid> after the login and consent apps.
  if (path.startsWith("/oauth2/auth/")) return "/oauth2/auth/:uid";
  return "(other)";
}

export interface MetricsSources {
  /** Asks the database now: true when it answered (docs/production.md#when-the-database-is-down). */
  databaseAvailable(): Promise<boolean>;
}

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: "moos_oauth2_database_available",
    help: "1 when the database answered at scrape time, 0 while it is unreachable",
    registers,
    async collect() {
      this.set((await sources.databaseAvailable()) ? 1 : 0);
    },
  });
  const unavailableResponses = new Counter({
    name: "moos_oauth2_unavailable_responses_total",
    help: "Requests answered 503 because the database was unreachable, by server",
    labelNames: ["server"],
    registers,
  });
  const labelNames = ["server", "method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "moos_oauth2_http_requests_total",
    help: "HTTP requests answered, by server, method, route and status",
    labelNames,
    registers,
  });
  const duration = new Histogram({
    name: "moos_oauth2_http_request_duration_seconds",
    help: "Time to answer HTTP requests, by server, method, route and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  return {
    registry,
    observe(labels, seconds) {
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    unavailable(server) {
      unavailableResponses.inc({ server });
    },
    observePublic(request, response, seconds) {
      this.observe(
        {
          server: "public",
          method: knownMethods.has(request.method ?? "") ? (request.method as string) : "other",
          route: publicRoute(request.url),
          status_code: String(response.statusCode),
        },
        seconds,
      );
    },
  };
}

/** Counts the admin server's answered requests, by route pattern. */
export function countAdminRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      server: "admin",
      method: knownMethods.has(request.method) ? request.method : "other",
      route: request.routeOptions.url ?? "(unmatched)",
      status_code: String(reply.statusCode),
    };
    metrics.observe(labels, reply.elapsedTime / 1000);
  });
}

/** GET /metrics in Prometheus's text format (admin port, no token, as Hydra's own). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get("/metrics", async (_request, reply) => {
    const body = await metrics.registry.metrics();
    reply.header("content-type", metrics.registry.contentType).send(body);
  });
}
