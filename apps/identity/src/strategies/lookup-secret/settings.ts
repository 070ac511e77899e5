import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import {
  beginPrivilegedSettingsAttempt,
  completeSettings,
  rejectSettings,
  showSettingsForm,
} from "../../flows/settings/outcome.ts";
import type { SettingsStrategy } from "../../flows/settings/strategy.ts";
import type { Body } from "../../http/body.ts";
import type { Ctx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { completeSecondFactor } from "../../session/aal.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { addFlowMessage, inputAttributes, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { isTrue } from "../second-factor/claim-once.ts";
import {
  codeCount,
  hashBackupCode,
  isLookupSecretEnabled,
  newBackupCodes,
  setBackupCodes,
  storedBackupCodes,
} from "./codes.ts";
import {
  confirmNode,
  disableNode,
  lookupNodeNames,
  newCodesNode,
  regenerateNode,
  revealNode,
  storedCodesNode,
} from "./nodes.ts";

// Backup codes in settings (Kratos's selfservice/strategy/lookup/settings.go): regenerate shows
// 12 new codes and a confirm button; only confirming replaces the stored ones. Reveal lists the
// stored ones (masked), disable removes them. Every step needs a privileged session.

export const lookupSecretSettings: SettingsStrategy = {
  method: "lookup_secret",
  isEnabled: isLookupSecretEnabled,
  isSubmit: isLookupSettingsSubmit,
  formNodes: lookupSettingsNodes,
  submit: submitLookupSettings,
};

async function lookupSettingsNodes(_ctx: Ctx, _flow: Flow, identity: Identity): Promise<UiNode[]> {
  return storedBackupCodes(identity).length > 0
    ? [revealNode(), disableNode()]
    : [regenerateNode()];
}

type Action = "regenerate" | "reveal" | "confirm" | "disable";

function actionOf(body: Body): Action | undefined {
  if (isTrue(body.lookup_secret_confirm)) return "confirm";
  if (isTrue(body.lookup_secret_reveal)) return "reveal";
  if (isTrue(body.lookup_secret_disable)) return "disable";
  if (isTrue(body.lookup_secret_regenerate)) return "regenerate";
  return undefined;
}

function isLookupSettingsSubmit(body: Body): boolean {
  return actionOf(body) !== undefined;
}

async function submitLookupSettings(
  ctx: Ctx,
  flow: Flow,
  active: ActiveSession,
  body: Body,
): Promise<void> {
  const { deps } = ctx;
  const identity = beginPrivilegedSettingsAttempt(ctx, flow, active, "lookup_secret");
  if (!identity) return;
  const secret = deps.config.secrets.default[0]!;
  switch (actionOf(body)) {
    case "regenerate": {
      const codes = newBackupCodes();
      // Only the hashes wait in the flow for the confirmation; the clear codes are in the
      // form this once, and leave it when the flow moves on.
      flow.internal.lookup_secret_regenerated = codes.map((c) => hashBackupCode(c, secret));
      replaceLookupNodes(flow, [newCodesNode(codes), confirmNode()]);
      return showSettingsForm(ctx, flow);
    }
    case "confirm": {
      const hashes = flow.internal.lookup_secret_regenerated;
      if (hashes?.length !== codeCount) {
        addFlowMessage(
          flow.payload.ui,
          uiText(MessageId.errorWithReason, {
            reason: "You must (re-)generate recovery backup codes before you can save them.",
          }),
        );
        return rejectSettings(ctx, flow);
      }
      setBackupCodes(
        identity,
        hashes.map((code_hash) => ({ code_hash })),
        deps.now(),
      );
      delete flow.internal.lookup_secret_regenerated;
      await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
      await completeSecondFactor(deps, active.session, "lookup_secret");
      return completeSettings(ctx, flow, identity);
    }
    case "reveal": {
      const stored = storedBackupCodes(identity);
      if (stored.length === 0) {
        addFlowMessage(
          flow.payload.ui,
          uiText(MessageId.errorWithReason, {
            reason: "Can not reveal lookup codes because you have none.",
          }),
        );
        return rejectSettings(ctx, flow);
      }
      replaceLookupNodes(flow, [storedCodesNode(stored), disableNode(), regenerateNode()]);
      return showSettingsForm(ctx, flow);
    }
    default: {
      setBackupCodes(identity, [], deps.now());
      delete flow.internal.lookup_secret_regenerated;
      await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
      return completeSettings(ctx, flow, identity);
    }
  }
}

/** Swaps the lookup_secret group's nodes in place, keeping the rest of the form. */
function replaceLookupNodes(flow: Flow, nodes: UiNode[]): void {
  const names: readonly string[] = lookupNodeNames;
  const isLookup = (node: UiNode): boolean => {
    const attributes = node.attributes;
    const name = inputAttributes(node)?.name ?? ("id" in attributes ? attributes.id : undefined);
    return node.group === "lookup_secret" && name !== undefined && names.includes(name);
  };
  const at = flow.payload.ui.nodes.findIndex(isLookup);
  const kept = flow.payload.ui.nodes.filter((n) => !isLookup(n));
  kept.splice(at === -1 ? kept.length : at, 0, ...nodes);
  flow.payload.ui.nodes = kept;
}
