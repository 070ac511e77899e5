import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { hitWindow } from "./window-limit.ts";

// Per-IP fixed windows kept in the database, so every instance behind a load balancer counts
// together. Submits and flow starts have separate budgets (config rate_limits.*).

const submitPath =
  /^\/self-service\/(login|registration|recovery|verification|settings|security\/links)(\?|$)/;
const initPath =
  /^\/self-service\/(login|registration|recovery|verification|settings)\/(browser|api)(\?|$)/;

export function rateLimitHook(
  deps: Deps,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const path = request.url;
    const isSubmit = submitPath.test(path) && (request.method !== "GET" || path.includes("flow="));
    const isInit = initPath.test(path);
    if (!isSubmit && !isInit) return;
    const name = isSubmit ? "submit_per_ip" : "flow_init_per_ip";
    const key = `${isSubmit ? "submit" : "init"}:${request.ip}`;
    await hitWindow(deps, key, deps.config.rate_limits[name], name);
  };
}
