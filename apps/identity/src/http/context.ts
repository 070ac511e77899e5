import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";

/** One request as every handler sees it. `json`: answer with bodies, not redirects. */
export interface Ctx {
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
  json: boolean;
}

export function query(ctx: Ctx): Record<string, string | undefined> {
  const raw = (ctx.request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(raw)) {
    out[key] = Array.isArray(value)
      ? String(value.at(-1))
      : typeof value === "string"
        ? value
        : undefined;
  }
  return out;
}
