import type { Body } from "../http/body.ts";
import type { BodySchema } from "../http/body-schema.ts";
import type { Ctx, RequestCtx } from "../http/context.ts";

// Transitional, while methods move to verdicts: a method that still answers the request itself.

export const rawBody: BodySchema<Body> = { kratos: undefined, fields: {}, parse: (body) => body };

/** The request's whole context, for a method that still writes the reply. */
export function answeringCtx(ctx: RequestCtx): Ctx {
  return ctx as Ctx;
}
