import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { submittedMethod } from "../http/request-outcome.ts";
import type { Metrics } from "./metrics.ts";

// Counts every answered request once, in onResponse, with labels taken from the route pattern
// (`/admin/identities/:id`, never the id) and the outcome the handlers noted
// (http/request-outcome.ts).

const knownHttpMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// Kratos's method names; anything else a client sends is counted as "other".
const knownFlowMethods = new Set([
  "password",
  "code",
  "link",
  "oidc",
  "passkey",
  "webauthn",
  "totp",
  "lookup_secret",
  "profile",
  "identifier_first",
]);
const submitRoutes: Record<string, "login" | "registration"> = {
  "/self-service/login": "login",
  "/self-service/registration": "registration",
};

export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  server: "public" | "admin",
): void {
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      server,
      method: knownHttpMethods.has(request.method) ? request.method : "other",
      route: request.routeOptions.url ?? "(unmatched)",
      status_code: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    const limit = request.outcome?.rateLimit;
    if (limit) metrics.rateLimitRejections.inc({ limit });
    // Only sendError notes a 503: the database was away (a shutdown's 503 is Fastify's own).
    if (request.outcome?.errorStatus === 503) metrics.unavailableResponses.inc({ server });
    for (const event of request.outcome?.challenges ?? []) metrics.botChallenges.inc({ event });
    const refusal = request.outcome?.botRefusal;
    if (refusal) metrics.botRefusals.inc({ reason: refusal });
    countFlowSubmit(request, reply, metrics);
    countPasskeyCreated(request, metrics);
  });
}

/** A passkey added in settings (noted with its path), or an account signed up with one. */
function countPasskeyCreated(request: FastifyRequest, metrics: Metrics): void {
  const flow = request.outcome?.flow;
  const signedUp =
    flow?.kind === "registration" && flow.method === "passkey" && flow.result === "success";
  const path = request.outcome?.passkeyCreated ?? (signedUp ? "sign_up" : undefined);
  if (path) metrics.passkeysCreated.inc({ path });
}

function countFlowSubmit(request: FastifyRequest, reply: FastifyReply, metrics: Metrics): void {
  const noted = request.outcome?.flow;
  const routeKind = submitRoutes[request.routeOptions.url ?? ""];
  const kind = noted?.kind ?? routeKind;
  if (kind !== "login" && kind !== "registration") return;
  let result: string | undefined = noted?.result;
  if (!result) {
    // An error answer (browsers were redirected to the error page, so its status was noted).
    const status = request.outcome?.errorStatus ?? reply.statusCode;
    if (status === 429) result = "rate_limited";
    else if (status >= 500) result = "error";
    // 422 sends the browser on (to a social provider, to the second factor): not an outcome.
    else if (status >= 400 && status !== 422) result = "failure";
  }
  // Steps in between (a code sent, an identifier taken) are no outcome either.
  if (!result) return;
  const method = noted?.method ?? submittedMethod(request);
  const counter = kind === "login" ? metrics.logins : metrics.registrations;
  counter.inc({
    method: knownFlowMethods.has(method) ? method : method ? "other" : "none",
    result,
  });
}

/** GET /metrics in Prometheus's text format (admin server, no token: docs/production.md#metrics). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get("/metrics", async (_request, reply) => {
    const body = await metrics.registry.metrics();
    reply.header("content-type", metrics.registry.contentType).send(body);
  });
}
