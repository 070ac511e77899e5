import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import {
  beginPrivilegedSettingsAttempt,
  completeSettings,
  rejectSettings,
} from "../../flows/settings/outcome.ts";
import type { SettingsStrategy } from "../../flows/settings/strategy.ts";
import type { Body } from "../../http/body.ts";
import { optionalString } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { completeSecondFactor } from "../../session/aal.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { addFieldMessage, type UiNode } from "../../ui/nodes.ts";
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

export const totpSettings: SettingsStrategy = {
  method: "totp",
  isEnabled: isTotpEnabled,
  isSubmit: isTotpSettingsSubmit,
  formNodes: totpSettingsNodes,
  submit: submitTotpSettings,
};

async function totpSettingsNodes(ctx: Ctx, flow: Flow, identity: Identity): Promise<UiNode[]> {
  if (totpUrlOf(identity)) return [totpUnlinkNode()];
  return totpSetupNodes(pendingKeyUrl(ctx, flow, identity));
}

/** The key offered by this flow: made once per flow, so the QR code stays the same. */
function pendingKeyUrl(ctx: Ctx, flow: Flow, identity: Identity): string {
  const pending = flow.internal.totp_url;
  if (pending) return pending;
  const url = newTotpUrl(totpIssuer(ctx.deps), totpAccountName(ctx.deps, identity));
  flow.internal.totp_url = url;
  return url;
}

function isTotpSettingsSubmit(body: Body): boolean {
  return body.method === "totp" || isTrue(body.totp_unlink);
}

async function submitTotpSettings(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  body: Body,
): Promise<void> {
  const { deps } = ctx;
  const identity = beginPrivilegedSettingsAttempt(ctx, flow, active, "totp");
  if (!identity) return;
  if (totpUrlOf(identity)) {
    // Kratos: with TOTP set up, only an unlink changes anything.
    if (isTrue(body.totp_unlink)) {
      removeTotpCredential(identity, deps.now());
      await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
    }
    return completeSettings(ctx, flow, identity);
  }

  const url = pendingKeyUrl(ctx, flow, identity);
  const code = optionalString(body, "totp_code")?.trim() ?? "";
  if (!code) {
    addFieldMessage(
      flow.payload.ui,
      "totp_code",
      uiText(MessageId.missingProperty, { property: "totp_code" }),
    );
    return rejectSettings(ctx, flow);
  }
  if (!(await acceptTotpCode(ctx, identity, url, code))) {
    addFieldMessage(flow.payload.ui, "totp_code", uiText(MessageId.invalidAuthenticationCode));
    return rejectSettings(ctx, flow);
  }
  setTotpCredential(identity, url, deps.now());
  delete flow.internal.totp_url;
  await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
  // Confirming with a valid code proves the factor, so the session counts it (as Kratos).
  await completeSecondFactor(deps, active.session, "totp");
  await completeSettings(ctx, flow, identity);
}
