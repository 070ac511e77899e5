import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";
import { errors } from "../http/errors.ts";

// Per-IP fixed windows kept in the database, so every instance behind a load balancer counts
// together. Submits and flow starts have separate budgets (config rate_limits.*).

const submitPath =
  /^\/self-service\/(login|registration|recovery|verification|settings|security\/links)(\?|$)/;
const initPath =
  /^\/self-service\/(login|registration|recovery|verification|settings)\/(browser|api)(\?|$)/;

export function rateLimitHook(deps: Deps) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const path = request.url;
    const isSubmit = submitPath.test(path) && (request.method !== "GET" || path.includes("flow="));
    const isInit = initPath.test(path);
    if (!isSubmit && !isInit) return;
    const name = isSubmit ? "submit_per_ip" : "flow_init_per_ip";
    const limit = deps.config.rate_limits[name];
    const key = `${isSubmit ? "submit" : "init"}:${request.ip}`;
    const { count, windowEndsAt } = await deps.persistence.limits.hit(
      key,
      limit.window,
      deps.now(),
    );
    if (count > limit.max) {
      throw errors.tooManyRequests(
        Math.max(1, Math.ceil((windowEndsAt.getTime() - deps.now().getTime()) / 1000)),
        name,
      );
    }
  };
}
