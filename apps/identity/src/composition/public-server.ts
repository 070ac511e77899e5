import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { registerFlowRoutes } from "../flows/flow-routes.ts";
import { loginFlow } from "../flows/login/login-flow.ts";
import { registerLogoutRoutes } from "../flows/logout/logout-routes.ts";
import { recoveryFlow } from "../flows/recovery/recovery-flow.ts";
import { registrationFlow } from "../flows/registration/registration-flow.ts";
import { registerActivityRoute } from "../flows/security/activity-route.ts";
import { registerSecurityLinkRoutes } from "../flows/security/link-routes.ts";
import { registerSettingsReturnRoute, settingsFlow } from "../flows/settings/settings-flow.ts";
import { registerSocialCallbackRoutes } from "../flows/social/callback-route.ts";
import { registerFedcmRoutes } from "../flows/social/fedcm-routes.ts";
import { verificationFlow } from "../flows/verification/verification-flow.ts";
import { csrfCookie, ensureCsrfSecret } from "../http/cookies.ts";
import { registerCors } from "../http/cors.ts";
import { decodeSecret, newCsrfSecret } from "../http/csrf.ts";
import { errors } from "../http/errors.ts";
import { wantsJson } from "../http/negotiate.ts";
import { sendError } from "../http/respond.ts";
import { createServer, type ServerOps } from "../http/server-base.ts";
import { rateLimitHook } from "../limits/rate-limit.ts";
import { registerSessionRoutes } from "../session/handlers.ts";
import { registerMiscRoutes } from "./misc-routes.ts";

// Paths where nosurf sets no CSRF cookie (docs/protocol.md#csrf): API flows, submits, sessions.
const csrfIgnored =
  /^\/(self-service\/[a-z-]+\/api|self-service\/(login|registration|recovery|verification|settings)(\?|$)|sessions|health)/;

export async function buildPublicServer(deps: Deps, ops: ServerOps): Promise<FastifyInstance> {
  const app = createServer(deps.config, ops, "public", {
    bodyLimit: deps.config.body_limit_bytes,
    routerOptions: { ignoreTrailingSlash: true },
  });
  // First: a preflight is answered before the CSRF cookie, the body parsers and the limits.
  await registerCors(app, deps.config.serve.public.cors);
  await app.register(cookie);
  // An answer that says the database was away promises nothing, so it changes no cookie either:
  // a session cookie or a rotated CSRF secret queued before the database failed would leave the
  // browser with a session its flow never finished, or a secret its flow does not know (its
  // retry refused as CSRF). Runs after the cookie plugin's onSend, which writes the header.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.outcome?.errorStatus === 503) reply.removeHeader("set-cookie");
    return payload;
  });
  await app.register(formbody, { bodyLimit: deps.config.body_limit_bytes });
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fieldSize: deps.config.body_limit_bytes, files: 0, fields: 200 },
  });
  // On the paths without a CSRF cookie a request that needs a secret (an API flow masks one
  // into its form) gets a throwaway one, made on first use: whoami, the hot path, needs none.
  const secrets = new WeakMap<object, string>();
  app.decorateRequest("csrfSecret", {
    getter(this: object): string {
      let secret = secrets.get(this);
      if (secret === undefined) {
        secret = newCsrfSecret();
        secrets.set(this, secret);
      }
      return secret;
    },
    setter(this: object, value: string): void {
      secrets.set(this, value);
    },
  });
  app.decorateRequest("csrfRotated", false);
  app.addHook("onRequest", async (request, reply) => {
    if (!csrfIgnored.test(request.url)) return ensureCsrfSecret(request, reply, deps.config);
    // No cookie is set here; a valid one the browser sent is kept.
    const existing = request.cookies[csrfCookie(deps.config)];
    if (existing && decodeSecret(existing)) request.csrfSecret = existing;
  });
  app.addHook("preHandler", rateLimitHook(deps));
  app.setErrorHandler(async (error, request, reply) =>
    sendError(deps, request, reply, error, wantsJson(request)),
  );
  app.setNotFoundHandler(async (request, reply) => {
    await sendError(deps, request, reply, errors.notFound(), true);
  });

  for (const module of [
    loginFlow,
    registrationFlow,
    recoveryFlow,
    verificationFlow,
    settingsFlow,
  ]) {
    registerFlowRoutes(app, deps, module);
  }
  registerSettingsReturnRoute(app, deps);
  registerSocialCallbackRoutes(app, deps);
  registerFedcmRoutes(app, deps);
  registerLogoutRoutes(app, deps);
  registerSessionRoutes(app, deps);
  registerActivityRoute(app, deps);
  registerSecurityLinkRoutes(app, deps);
  registerMiscRoutes(app, deps);
  return app;
}
