import type { FastifyRequest } from "fastify";

/** Where a request came from, as events and notices record it. */
export interface RequestOrigin {
  ip_address: string;
  user_agent: string;
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return {
    ip_address: request.ip,
    user_agent: String(request.headers["user-agent"] ?? "").slice(0, 512),
  };
}
