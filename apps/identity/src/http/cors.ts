import cors, { type FastifyCorsOptions } from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../config/config.ts";
import { isUnboundedWildcard, matchOrigin } from "../config/cors-origins.ts";

// Kratos's `serve.public.cors` on @fastify/cors (off unless `enabled`): a single-page app or a
// web view on another origin may call the public API, with the customer's cookies when
// `allow_credentials` is on. Which origins are admitted is decided per request
// (cors-origins.ts); @fastify/cors writes the headers, answers preflights (204, before the
// CSRF cookie and the rate limits) and always adds `Vary: Origin`, so a shared cache never
// serves one origin's answer to another. A refused origin gets no CORS headers at all, and its
// preflight goes on to the routes (which know no OPTIONS: 404).

type CorsConfig = Config["serve"]["public"]["cors"];

function optionsFor(
  config: CorsConfig,
  request: FastifyRequest,
): FastifyCorsOptions & { origin: boolean | string } {
  const origin = request.headers.origin;
  const verdict = origin ? matchOrigin(config.allowed_origins, origin) : "refused";
  if (config.debug) {
    request.log.info({ origin: origin ?? null, verdict, method: request.method }, "cors");
  }
  if (verdict === "refused") return { origin: false };
  return {
    // "named": the request's origin is echoed; "any": `*`, which browsers never combine with
    // credentials, so none are offered.
    origin: verdict === "named" ? true : "*",
    credentials: verdict === "named" && config.allow_credentials,
    methods: config.allowed_methods,
    allowedHeaders: config.allowed_headers,
    exposedHeaders: config.exposed_headers,
    // 0 means "no caching": Kratos then sends no Access-Control-Max-Age.
    ...(config.max_age > 0 ? { maxAge: config.max_age } : {}),
    preflightContinue: config.options_passthrough,
    strictPreflight: true,
  };
}

export async function registerCors(app: FastifyInstance, config: CorsConfig): Promise<void> {
  if (!config.enabled) return;
  if (config.allowed_origins.includes("*") && config.allow_credentials) {
    app.log.warn(
      "serve.public.cors: `*` admits every origin, but without credentials; name the origins that need cookies",
    );
  }
  for (const pattern of config.allowed_origins.filter(isUnboundedWildcard)) {
    app.log.warn(
      { pattern },
      "serve.public.cors.allowed_origins: a wildcard must stand for a subdomain of a registrable domain (https://*.example.com); this one is ignored",
    );
  }
  await app.register(cors, {
    hook: "onRequest",
    delegator: (request, callback) => callback(null, optionsFor(config, request)),
  });
}
