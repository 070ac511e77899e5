import { MessageId } from "@moos/contract";
import type { SecondFactorCheck, SecondFactorLoginStrategy } from "../../flows/login/strategy.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { uiText } from "../../ui/text.ts";
import { claimOnce } from "../second-factor/claim-once.ts";
import {
  findBackupCode,
  isLookupSecretEnabled,
  setBackupCodes,
  storedBackupCodes,
} from "./codes.ts";
import { lookupLoginNodes } from "./nodes.ts";

const day = 24 * 60 * 60 * 1000;

const fields = { method: "string", lookup_secret: "string" } as const;
type LookupSecretLoginBody = BodyOf<typeof fields>;

/**
 * The login flow's aal2 step: a backup code. As in Kratos, having codes counts as a second
 * factor for `highest_available` (CountActiveMultiFactorCredentials).
 */
export const lookupSecretLogin: SecondFactorLoginStrategy<LookupSecretLoginBody> = {
  method: "lookup_secret",
  isEnabled: isLookupSecretEnabled,
  isConfigured: (identity) => storedBackupCodes(identity).length > 0,
  isSubmit: (body) => body.method === "lookup_secret",
  body: bodySchema(fields, { kratos: "updateLoginFlowWithLookupSecretMethod" }),
  loginNodes: async () => lookupLoginNodes(),
  verifyLogin: (ctx, _flow, identity, body) => verifyBackupCodeLogin(ctx, identity, body),
};

/** A backup code signs in once: 4000016 when unknown, 4000012 when already used. */
async function verifyBackupCodeLogin(
  ctx: RequestCtx,
  identity: Identity,
  body: LookupSecretLoginBody,
): Promise<SecondFactorCheck> {
  const { deps } = ctx;
  const typed = body.lookup_secret?.trim() ?? "";
  if (!typed)
    return {
      ok: false,
      message: uiText(MessageId.missingProperty, { property: "lookup_secret" }),
      field: "lookup_secret",
    };
  const codes = storedBackupCodes(identity);
  if (codes.length === 0) return { ok: false, message: uiText(MessageId.noBackupCodes) };
  const match = findBackupCode(codes, typed.slice(0, 64), deps.config.secrets.default[0]!);
  if (!match) return { ok: false, message: uiText(MessageId.invalidBackupCode) };
  // The claim settles two concurrent submits of one code; used_at keeps it used for good.
  const claimed = await claimOnce(deps, `lookup_secret:${identity.id}:${match.code_hash}`, day);
  if (match.used_at || !claimed)
    return { ok: false, message: uiText(MessageId.backupCodeAlreadyUsed) };

  const updated = structuredClone(identity);
  const now = deps.now();
  setBackupCodes(
    updated,
    codes.map((c) => (c === match ? { ...c, used_at: now.toISOString() } : c)),
    now,
  );
  await deps.persistence.transaction((tx) => tx.identities.updateIdentity(updated));
  return { ok: true };
}
