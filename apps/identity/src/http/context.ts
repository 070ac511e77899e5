import type { FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../deps/deps.ts";

/**
 * One request as a method (strategy) sees it: its dependencies and the request, never the
 * reply. A method says what happened and the flow answers (docs/architecture.md#a-request).
 */
export interface RequestCtx {
  readonly deps: Deps;
  readonly request: FastifyRequest;
}

/** One request as the code that answers it sees it. `json`: answer with bodies, not redirects. */
export interface Ctx extends RequestCtx {
  reply: FastifyReply;
  json: boolean;
}

export function query(ctx: RequestCtx): Record<string, string | undefined> {
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
