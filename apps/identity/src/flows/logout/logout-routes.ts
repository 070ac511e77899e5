import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps/deps.ts";
import { normaliseBody } from "../../http/body.ts";
import { bodySchema } from "../../http/body-schema.ts";
import type { Ctx } from "../../http/context.ts";
import { query } from "../../http/context.ts";
import { errors } from "../../http/errors.ts";
import { redirect, sendJson } from "../../http/respond.ts";
import { route } from "../../session/handlers.ts";
import { endSessionCookie, findActiveSession } from "../../session/session-manager.ts";
import { hashToken, logoutTokenFor } from "../../session/tokens.ts";
import { validateReturnTo } from "../return-to.ts";

// Logout (docs/protocol.md#logout-endpoints). Browsers get a logout URL carrying a logout token: an HMAC
// of the session token, so only someone who holds the session can build it, and a link on a
// foreign page cannot sign anyone out. Native apps revoke by presenting the session token.

export function registerLogoutRoutes(app: FastifyInstance, deps: Deps): void {
  app.get("/self-service/logout/browser", route(deps, createBrowserLogoutFlow));
  app.get("/self-service/logout", route(deps, updateLogoutFlow));
  app.delete("/self-service/logout/api", route(deps, performNativeLogout, { json: "always" }));
}

async function createBrowserLogoutFlow(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const active = await findActiveSession(deps, ctx.request);
  if (!active) throw errors.sessionInactive();
  const returnTo = validateReturnTo(deps.config, query(ctx).return_to);
  const logoutToken = logoutTokenFor(active.token, deps.config.secrets.default[0]!);
  const url = new URL("self-service/logout", deps.config.serve.public.base_url);
  url.searchParams.set("token", logoutToken);
  if (returnTo) url.searchParams.set("return_to", returnTo);
  // Kratos answers JSON here whatever the Accept header says.
  sendJson(ctx.reply, 200, { logout_url: url.toString(), logout_token: logoutToken });
}

async function updateLogoutFlow(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const params = query(ctx);
  const token = params.token;
  if (!token) throw errors.badRequest("Please include a token in the URL query.");
  const returnTo = validateReturnTo(deps.config, params.return_to);
  const mismatch = errors.forbidden(
    "Unable to log out because the logout token in the URL query does not match the session cookie.",
  );
  const session =
    token.length <= 256
      ? await deps.persistence.sessions.getSessionByLogoutTokenHash(hashToken(token))
      : undefined;
  if (!session) throw mismatch;
  // A browser signed in as someone else must not sign out a session it does not hold.
  const current = await findActiveSession(deps, ctx.request);
  if (current && current.session.id !== session.id) throw mismatch;
  await deps.persistence.sessions.revokeSession(session.identity_id, session.id);
  endSessionCookie(deps, ctx.request, ctx.reply);
  const target =
    returnTo ??
    deps.config.selfservice.flows.logout.after.default_browser_return_url ??
    deps.config.selfservice.default_browser_return_url;
  if (!ctx.json) return redirect(ctx.reply, target);
  ctx.reply.code(204).header("location", target).send();
}

/** DELETE /self-service/logout/api's body, as Kratos's performNativeLogoutBody. */
export const nativeLogoutBody = bodySchema(
  { session_token: "string" },
  { kratos: "performNativeLogoutBody" },
);

async function performNativeLogout(ctx: Ctx): Promise<void> {
  const { deps } = ctx;
  const token = nativeLogoutBody.parse(normaliseBody(ctx.request.body)).session_token;
  if (!token) {
    throw errors.badRequest("Please include a session token in the request body.");
  }
  const session =
    token.length <= 256
      ? await deps.persistence.sessions.getSessionByTokenHash(hashToken(token))
      : undefined;
  if (!session) {
    throw errors.forbidden(
      "The provided Ory Session Token could not be found, is invalid, or otherwise malformed.",
    );
  }
  await deps.persistence.sessions.revokeSession(session.identity_id, session.id);
  ctx.reply.code(204).send();
}
