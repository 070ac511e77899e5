import type { FastifyInstance } from "fastify";
import {
  createClient,
  deleteClient,
  getClient,
  listClients,
  patchClient,
  setClient,
} from "../flows/clients.ts";
import type { AdminRouteDeps } from "./admin-deps.ts";

// Hydra's `/admin/clients[/{id}]`. Listing pages like Hydra: `page_size` (at most 500) and an
// opaque `page_token`; the next page is announced in a `Link: <...>; rel="next"` header.

type IdParams = { Params: { id: string } };

export function registerClientRoutes(app: FastifyInstance, deps: AdminRouteDeps): void {
  app.post("/admin/clients", async (request, reply) =>
    reply.code(201).send(await createClient(deps, request.body)),
  );
  app.get<{
    Querystring: { page_size?: number; page_token?: string; client_name?: string; owner?: string };
  }>(
    "/admin/clients",
    {
      schema: {
        querystring: {
          type: "object",
          properties: {
            page_size: { type: "integer", minimum: 1, maximum: 500 },
            page_token: { type: "string", maxLength: 32 },
            client_name: { type: "string" },
            owner: { type: "string" },
          },
        },
      },
    },
    async (request, reply) => {
      const { clients, next } = await listClients(deps, request.query);
      if (next !== undefined) {
        const url = new URL(request.url, "http://admin");
        url.searchParams.set("page_token", next);
        reply.header("link", `<${url.pathname}${url.search}>; rel="next"`);
      }
      return clients;
    },
  );
  app.get<IdParams>("/admin/clients/:id", async (request) => getClient(deps, request.params.id));
  app.put<IdParams>("/admin/clients/:id", async (request) =>
    setClient(deps, request.params.id, request.body),
  );
  app.patch<IdParams>("/admin/clients/:id", async (request) =>
    patchClient(deps, request.params.id, request.body),
  );
  app.delete<IdParams>("/admin/clients/:id", async (request, reply) => {
    await deleteClient(deps, request.params.id);
    return reply.code(204).send();
  });
}
