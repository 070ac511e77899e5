import type { FastifyInstance, FastifyRequest } from "fastify";
import { changeRoleAsAdmin } from "../console/admin-staff.ts";
import { readAuditAsAdmin } from "../console/audit-routes.ts";
import type { Deps } from "../deps/deps.ts";
import { errors } from "../http/errors.ts";
import { sendError } from "../http/respond.ts";
import { route, sameSecret } from "../session/handlers.ts";
import { registerCourierRoutes } from "./courier-routes.ts";
import { registerIdentityRoutes } from "./identity-routes.ts";
import { registerSecurityEventRoutes } from "./security-event-routes.ts";
import { registerAdminSessionRoutes } from "./session-routes.ts";

// The admin API (Kratos's /admin/*). Every route needs `Authorization: Bearer <serve.admin.token>`.
// The token is compared as SHA-256 digests with timingSafeEqual, so neither its content nor its
// length can be learnt from response times. The routes live in their own encapsulated plugin:
// the check never applies to the health routes beside them.

export function registerAdminRoutes(app: FastifyInstance, deps: Deps): void {
  app.register(async (admin) => {
    // RFC 6902's media type; Ory's SDK sends application/json, curl users often this one.
    admin.addContentTypeParser(
      "application/json-patch+json",
      { parseAs: "string" },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch (cause) {
          done(
            Object.assign(new Error("The request body is not valid JSON.", { cause }), {
              statusCode: 400,
            }),
            undefined,
          );
        }
      },
    );
    admin.addHook("onRequest", async (request, reply) => {
      if (isAuthorized(request, deps.config.serve.admin.token)) return;
      await sendError(
        deps,
        request,
        reply,
        errors.unauthorized(
          "A valid admin API token is required: send Authorization: Bearer <token>.",
        ),
        true,
      );
      return reply;
    });
    registerIdentityRoutes(admin, deps);
    registerAdminSessionRoutes(admin, deps);
    registerCourierRoutes(admin, deps);
    registerSecurityEventRoutes(admin, deps);
    admin.get("/admin/audit", route(deps, readAuditAsAdmin, { json: "always" }));
    admin.put("/admin/staff/:identityId", route(deps, changeRoleAsAdmin, { json: "always" }));
  });
}

function isAuthorized(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  return match !== null && sameSecret(match[1]!, token);
}
