import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { errors, type HttpError } from "../http/errors.ts";
import { redirect, sendError, sendJson } from "../http/respond.ts";
import { isDatabaseUnavailable } from "../persistence/errors.ts";
import { relatedOrigins, relatedOriginsPath } from "../strategies/webauthn/related-origins.ts";
import { webauthnScriptPath } from "../strategies/webauthn/script.ts";
import { webauthnScriptSource } from "../strategies/webauthn/script-source.ts";

export function registerHealthRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/health/alive", async (_request, reply) => sendJson(reply, 200, { status: "ok" }));
  app.get("/health/ready", async (request, reply) => {
    try {
      await deps.persistence.errors.getError("00000000-0000-4000-8000-000000000000");
      sendJson(reply, 200, { status: "ok" });
    } catch (cause) {
      // Load balancers ask every few seconds: the outage itself is logged by the pool.
      if (isDatabaseUnavailable(cause))
        request.log.warn(
          { cause: (cause as Error).message },
          "not ready: the database is unavailable",
        );
      else request.log.error({ err: cause }, "not ready");
      sendJson(reply, 503, { errors: { database: "unavailable" } });
    }
  });
}

const stubErrors = new Map<unknown, () => HttpError>([
  ["stub:500", () => errors.internal(undefined)],
  ["stub:503", () => errors.unavailable(undefined)],
]);

export function registerMiscRoutes(app: FastifyInstance, deps: Deps): void {
  registerHealthRoutes(app, deps);

  app.get("/self-service/errors", async (request, reply) => {
    const id = (request.query as Record<string, unknown>).id;
    try {
      // Kratos's sample error, and ours for a browser sent here while the database was away
      // (nothing could be stored then: http/respond.ts); neither needs the database.
      const stub = stubErrors.get(id);
      if (stub) {
        const now = new Date().toISOString();
        return sendJson(reply, 200, {
          id,
          error: stub().toEnvelope().error,
          created_at: now,
          updated_at: now,
        });
      }
      const stored =
        typeof id === "string" ? await deps.persistence.errors.getError(id) : undefined;
      if (!stored) throw errors.notFound("The error could not be found.");
      const at = stored.created_at.toISOString();
      sendJson(reply, 200, { id: stored.id, error: stored.error, created_at: at, updated_at: at });
    } catch (error) {
      await sendError(deps, request, reply, error, true);
    }
  });

  app.get("/schemas", async (_request, reply) =>
    sendJson(
      reply,
      200,
      [...deps.schemas.values()].map((s) => ({ id: s.id, schema: s.raw })),
    ),
  );
  app.get("/schemas/:id", async (request, reply) => {
    const raw = (request.params as { id: string }).id;
    const decoded = Buffer.from(raw, "base64url").toString("utf8");
    const schema = deps.schemas.get(decoded) ?? deps.schemas.get(raw);
    if (!schema)
      return sendError(
        deps,
        request,
        reply,
        errors.notFound("The identity schema could not be found."),
        true,
      );
    sendJson(reply, 200, schema.raw);
  });

  // The WebAuthn script the security-key and passkey nodes load (strategies/webauthn/script.ts).
  app.get(`/${webauthnScriptPath}`, async (_request, reply) => {
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      // crossorigin="anonymous" with integrity needs CORS when a page loads it from elsewhere.
      .header("access-control-allow-origin", "*")
      .send(webauthnScriptSource);
  });

  // WebAuthn related origin requests (strategies/webauthn/related-origins.ts): the browser
  // fetches the list itself, without cookies or CORS. Not found while none is configured.
  app.get(relatedOriginsPath, async (request, reply) => {
    const origins = relatedOrigins(deps);
    if (origins.length === 0)
      return sendError(deps, request, reply, errors.notFound("No related origins."), true);
    reply
      .type("application/json")
      .header("cache-control", "public, max-age=300")
      .send(JSON.stringify({ origins }));
  });
  app.get("/.well-known/change-password", async (_request, reply) =>
    redirect(reply, deps.config.selfservice.flows.settings.ui_url),
  );
}
