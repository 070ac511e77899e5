import type { RequestCtx } from "../http/context.ts";
import { errors } from "../http/errors.ts";
import { randomAlphanumeric } from "../session/tokens.ts";

/**
 * Organizations are an Ory Network feature, so an organization id is accepted only in form and
 * otherwise ignored; an identity schema must exist. (`login_challenge`: login-challenge.ts.)
 */
export function checkOrganizationAndSchema(
  ctx: RequestCtx,
  params: Record<string, string | undefined>,
): void {
  const organization = params.organization;
  if (organization && !/^[0-9a-f-]{36}$/i.test(organization)) {
    throw errors.badRequest("The organization query parameter must be a UUID.");
  }
  const schema = params.identity_schema;
  if (schema && !ctx.deps.schemas.has(schema))
    throw errors.badRequest(`The identity schema "${schema.slice(0, 64)}" does not exist.`);
}

/** Native apps finishing sign-in in a browser collect their token with these codes later. */
export async function createExchangeCodes(
  ctx: RequestCtx,
  flowId: string,
): Promise<{ initCode: string }> {
  const initCode = randomAlphanumeric(64);
  const expiresAt = new Date(ctx.deps.now().getTime() + 60 * 60 * 1000);
  await ctx.deps.persistence.exchanges.putExchange(
    flowId,
    "session_token_exchange",
    { initCode },
    expiresAt,
  );
  // Also under the init code, which is what /sessions/token-exchange receives.
  await ctx.deps.persistence.exchanges.putExchange(
    `init:${initCode}`,
    "session_token_exchange",
    { initCode },
    expiresAt,
  );
  return { initCode };
}
