import { MessageId } from "@moos/contract";
import type { SecondFactorCheck, SecondFactorLoginStrategy } from "../../flows/login/strategy.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { uiText } from "../../ui/text.ts";
import { claimOnce } from "../second-factor/claim-once.ts";
import { isTotpEnabled, totpUrlOf } from "./credential.ts";
import { matchingTimeStep, replayWindowMs } from "./key.ts";
import { totpLoginNodes } from "./nodes.ts";

const fields = { method: "string", totp_code: "string" } as const;
type TotpLoginBody = BodyOf<typeof fields>;

/** The login flow's aal2 step: a code from the authenticator app. */
export const totpLogin: SecondFactorLoginStrategy<TotpLoginBody> = {
  method: "totp",
  isEnabled: isTotpEnabled,
  isConfigured: (identity) => totpUrlOf(identity) !== undefined,
  isSubmit: (body) => body.method === "totp",
  body: bodySchema(fields, { kratos: "updateLoginFlowWithTotpMethod" }),
  loginNodes: async () => totpLoginNodes(),
  verifyLogin: (ctx, _flow, identity, body) => verifyTotpLogin(ctx, identity, body),
};

/**
 * A TOTP code is accepted once (RFC 6238 §5.2): its time step is claimed for the identity in
 * the database, so a code seen over someone's shoulder, or replayed against another instance,
 * is refused like a wrong one (4000008).
 */
export async function acceptTotpCode(
  ctx: RequestCtx,
  identity: Pick<Identity, "id">,
  url: string,
  code: string,
): Promise<boolean> {
  const step = matchingTimeStep(url, code, ctx.deps.now());
  if (step === undefined) return false;
  return claimOnce(ctx.deps, `totp:${identity.id}:${step}`, replayWindowMs);
}

async function verifyTotpLogin(
  ctx: RequestCtx,
  identity: Identity,
  body: TotpLoginBody,
): Promise<SecondFactorCheck> {
  const code = body.totp_code?.trim() ?? "";
  if (!code)
    return {
      ok: false,
      message: uiText(MessageId.missingProperty, { property: "totp_code" }),
      field: "totp_code",
    };
  const url = totpUrlOf(identity);
  if (!url) return { ok: false, message: uiText(MessageId.noAuthenticatorApp) };
  if (!(await acceptTotpCode(ctx, identity, url, code)))
    return { ok: false, message: uiText(MessageId.invalidAuthenticationCode) };
  return { ok: true };
}
