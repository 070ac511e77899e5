import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { isDatabaseUnavailable } from "@moos/postgres";
import type Provider from "oidc-provider";
import { unavailableRetryAfterSeconds } from "../flows/flow-error.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { requestIdOf } from "../observability/logger.ts";
import type { UnexpectedErrors } from "../observability/unexpected-errors.ts";
import type { LogoutStore } from "../persistence/logout-store.ts";
import { errorPage, unavailablePage } from "../provider/error-page.ts";
import { logoutPath } from "../provider/logout.ts";
import type { ProviderHost } from "../provider/provider-host.ts";

// The public port (Hydra's 4444): oidc-provider serves discovery, JWKS, authorization, token,
// userinfo, revocation and end-session; this layer adds the health checks and the return from
// the logout app (`?logout_verifier=`). Every request gets its id here (observability/logger.ts),
// in `X-Request-Id` both ways, so oidc-provider's own error event and the logs can name it.

export function createPublicServer(options: {
  host: ProviderHost;
  logouts: LogoutStore;
  errorUrl?: string;
  onError: UnexpectedErrors;
  /** A request failed because the database was away: answered 503 (counted, logged briefly). */
  onUnavailable: (error: Error, request: IncomingMessage) => void;
  metrics: Metrics;
  /** Asks the database now (GET /health/ready). */
  databaseAvailable(): Promise<boolean>;
}): Server {
  const handlers = new WeakMap<Provider, ReturnType<Provider["callback"]>>();
  const handlerOf = (provider: Provider) => {
    let handler = handlers.get(provider);
    if (!handler) {
      handler = provider.callback();
      handlers.set(provider, handler);
    }
    return handler;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://public");
    if (url.pathname === "/health/alive") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      return;
    }
    if (url.pathname === "/health/ready") {
      const ready = await options.databaseAvailable();
      res
        .writeHead(ready ? 200 : 503, { "content-type": "application/json" })
        .end(ready ? '{"status":"ok"}' : '{"errors":{"database":"unavailable"}}');
      return;
    }
    const handler = handlerOf(options.host.current());
    const verifier = url.searchParams.get("logout_verifier");
    if (req.method === "GET" && url.pathname.endsWith(logoutPath) && verifier !== null) {
      const request = await options.logouts.use(verifier);
      if (!request) {
        return sendError(res, options.errorUrl, {
          error: "invalid_request",
          error_description: "The logout request is unknown, expired or already used.",
        });
      }
      await asLogoutConfirmation(req, url.pathname, request.xsrf);
    }
    await handler(req, res);
  }

  return createServer((req, res) => {
    const requestId = requestIdOf(req);
    req.headers["x-request-id"] = requestId;
    res.setHeader("x-request-id", requestId);
    const started = process.hrtime.bigint();
    res.once("finish", () =>
      options.metrics.observePublic(req, res, Number(process.hrtime.bigint() - started) / 1e9),
    );
    handle(req, res).catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) {
        options.onUnavailable(error as Error, req);
        if (res.headersSent) res.end();
        else
          res
            .writeHead(503, {
              "content-type": "text/html; charset=utf-8",
              "retry-after": String(unavailableRetryAfterSeconds),
            })
            .end(unavailablePage());
        return;
      }
      options.onError(error, req, "public");
      if (!res.headersSent) {
        sendError(res, undefined, { error: "server_error" });
      } else res.end();
    });
  });
}

/**
 * Turns the browser's return from the logout app into oidc-provider's own end-session
 * confirmation (`POST .../logout/confirm` with the session's XSRF secret and `logout=yes`).
 * oidc-provider reads a body that was already parsed from `req.body`; the secret is checked
 * against the browser's session there, so another browser's verifier ends nothing.
 */
async function asLogoutConfirmation(
  req: IncomingMessage,
  path: string,
  xsrf: string,
): Promise<void> {
  for await (const _ of req) {
    // a GET has no body; drain it so oidc-provider takes the parsed one
  }
  const body = { xsrf, logout: "yes" };
  const encoded = new URLSearchParams(body).toString();
  Object.assign(req, { method: "POST", url: `${path}/confirm`, body });
  req.headers["content-type"] = "application/x-www-form-urlencoded";
  req.headers["content-length"] = String(Buffer.byteLength(encoded));
}

function sendError(
  res: ServerResponse,
  errorUrl: string | undefined,
  out: { error: string; error_description?: string },
): void {
  if (errorUrl) {
    const target = new URL(errorUrl);
    target.searchParams.set("error", out.error);
    if (out.error_description) target.searchParams.set("error_description", out.error_description);
    res.writeHead(303, { location: target.href }).end();
    return;
  }
  res
    .writeHead(out.error === "server_error" ? 500 : 400, {
      "content-type": "text/html; charset=utf-8",
    })
    .end(errorPage(out));
}
