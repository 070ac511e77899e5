import type { FastifyInstance } from "fastify";
import {
  listConsentSessions,
  revokeConsentSessions,
  revokeLoginSessions,
} from "../flows/sessions.ts";
import type { AdminRouteDeps } from "./admin-deps.ts";

// Hydra's `/admin/oauth2/auth/sessions/{consent,login}`.

const text = { type: "string", minLength: 1, maxLength: 255 };

export function registerSessionRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  app.get<{ Querystring: { subject?: string; login_session_id?: string } }>(
    "/admin/oauth2/auth/sessions/consent",
    {
      schema: {
        querystring: { type: "object", properties: { subject: text, login_session_id: text } },
      },
    },
    async (request) => listConsentSessions(deps, request.query),
  );
  app.delete<{ Querystring: { subject?: string; client?: string; all?: boolean } }>(
    "/admin/oauth2/auth/sessions/consent",
    {
      schema: {
        querystring: {
          type: "object",
          properties: { subject: text, client: text, all: { type: "boolean" } },
        },
      },
    },
    async (request, reply) => {
      await revokeConsentSessions(deps, request.query);
      return reply.code(204).send();
    },
  );
  app.delete<{ Querystring: { subject?: string; sid?: string } }>(
    "/admin/oauth2/auth/sessions/login",
    {
      schema: { querystring: { type: "object", properties: { subject: text, sid: text } } },
    },
    async (request, reply) => {
      await revokeLoginSessions(deps, request.query);
      return reply.code(204).send();
    },
  );
}
