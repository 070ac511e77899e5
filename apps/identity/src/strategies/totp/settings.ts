import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { fieldMessage } from "../../flows/verdict.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { completeSecondFactor } from "../../session/aal.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import type { UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { isTrue } from "../second-factor/claim-once.ts";
import {
  isTotpEnabled,
  removeTotpCredential,
  setTotpCredential,
  totpAccountName,
  totpIssuer,
  totpUrlOf,
} from "./credential.ts";
import { newTotpUrl } from "./key.ts";
import { acceptTotpCode } from "./login.ts";
import { totpSetupNodes, totpUnlinkNode } from "./nodes.ts";

// TOTP in settings (Kratos's selfservice/strategy/totp/settings.go): without TOTP the form
// offers a new key, kept in the flow until a first valid code confirms it; with TOTP it offers
// unlinking. Both need a privileged session (a recent sign-in), as in Kratos.

const fields = { method: "string", totp_code: "string", totp_unlink: "flag" } as const;
type TotpSettingsBody = BodyOf<typeof fields>;

export const totpSettings: SettingsStrategy<TotpSettingsBody> = {
  method: "totp",
  isEnabled: isTotpEnabled,
  isSubmit: (body) => body.method === "totp" || isTrue(body.totp_unlink),
  body: bodySchema(fields, { kratos: "updateSettingsFlowWithTotpMethod" }),
  privileged: true,
  formNodes: totpSettingsNodes,
  submit: submitTotpSettings,
};

async function totpSettingsNodes(
  ctx: RequestCtx,
  flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  if (totpUrlOf(identity)) return [totpUnlinkNode()];
  return totpSetupNodes(pendingKeyUrl(ctx, flow, identity));
}

/** The key offered by this flow: made once per flow, so the QR code stays the same. */
function pendingKeyUrl(ctx: RequestCtx, flow: Flow, identity: Identity): string {
  const pending = flow.internal.totp_url;
  if (pending) return pending;
  const url = newTotpUrl(totpIssuer(ctx.deps), totpAccountName(ctx.deps, identity));
  flow.internal.totp_url = url;
  return url;
}

async function submitTotpSettings(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  body: TotpSettingsBody,
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  const identity = structuredClone(active.identity);
  if (totpUrlOf(identity)) {
    // Kratos: with TOTP set up, only an unlink changes anything.
    if (body.totp_unlink) {
      removeTotpCredential(identity, deps.now());
      await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
    }
    return { result: "saved", identity };
  }

  const url = pendingKeyUrl(ctx, flow, identity);
  const code = body.totp_code?.trim() ?? "";
  if (!code) {
    const missing = uiText(MessageId.missingProperty, { property: "totp_code" });
    return { result: "refused", messages: [fieldMessage("totp_code", missing)] };
  }
  if (!(await acceptTotpCode(ctx, identity, url, code))) {
    const wrong = uiText(MessageId.invalidAuthenticationCode);
    return { result: "refused", messages: [fieldMessage("totp_code", wrong)] };
  }
  setTotpCredential(identity, url, deps.now());
  delete flow.internal.totp_url;
  await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
  // Confirming with a valid code proves the factor, so the session counts it (as Kratos).
  await completeSecondFactor(deps, active.session, "totp");
  return { result: "saved", identity };
}
