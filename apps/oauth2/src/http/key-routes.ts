import type { FastifyInstance } from "fastify";
import { createKey, deleteKey, getKey, getKeySet } from "../flows/keys.ts";
import type { AdminRouteDeps } from "./admin-deps.ts";

// Hydra's `/admin/keys/{set}[/{kid}]`, for the `hydra.openid.id-token` set.

type SetParams = { Params: { set: string } };
type KeyParams = { Params: { set: string; kid: string } };

export function registerKeyRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  app.get<SetParams>("/admin/keys/:set", async (request) => getKeySet(deps, request.params.set));
  app.post<SetParams & { Body: { alg: string; kid?: string; use?: string } }>(
    "/admin/keys/:set",
    {
      schema: {
        body: {
          type: "object",
          required: ["alg"],
          properties: {
            alg: { type: "string" },
            kid: { type: "string", pattern: "^[A-Za-z0-9._~-]{0,128}$" },
            use: { type: "string" },
          },
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createKey(deps, request.params.set, request.body)),
  );
  app.get<KeyParams>("/admin/keys/:set/:kid", async (request) =>
    getKey(deps, request.params.set, request.params.kid),
  );
  app.delete<KeyParams>("/admin/keys/:set/:kid", async (request, reply) => {
    await deleteKey(deps, request.params.set, request.params.kid);
    return reply.code(204).send();
  });
}
