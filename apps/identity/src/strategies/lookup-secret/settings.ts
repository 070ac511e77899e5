import { MessageId } from "@moos/contract";
import type { Flow } from "../../flows/flow.ts";
import type { SettingsStrategy, SettingsVerdict } from "../../flows/settings/strategy.ts";
import { formMessage } from "../../flows/verdict.ts";
import { type BodyOf, bodySchema } from "../../http/body-schema.ts";
import type { RequestCtx } from "../../http/context.ts";
import type { Identity } from "../../identity/identity.ts";
import { completeSecondFactor } from "../../session/aal.ts";
import type { ActiveSession } from "../../session/session-manager.ts";
import { inputAttributes, type UiNode } from "../../ui/nodes.ts";
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

const fields = {
  method: "string",
  lookup_secret_confirm: "flag",
  lookup_secret_reveal: "flag",
  lookup_secret_disable: "flag",
  lookup_secret_regenerate: "flag",
} as const;
type LookupSettingsBody = BodyOf<typeof fields>;

export const lookupSecretSettings: SettingsStrategy<LookupSettingsBody> = {
  method: "lookup_secret",
  isEnabled: isLookupSecretEnabled,
  // Kratos's settings form posts the clicked submit (`lookup_secret_regenerate=true`, ...).
  isSubmit: (body) => actions.some((name) => isTrue(body[name])),
  body: bodySchema(fields, { kratos: "updateSettingsFlowWithLookupMethod" }),
  privileged: true,
  formNodes: lookupSettingsNodes,
  submit: submitLookupSettings,
};

async function lookupSettingsNodes(
  _ctx: RequestCtx,
  _flow: Flow,
  identity: Identity,
): Promise<UiNode[]> {
  return storedBackupCodes(identity).length > 0
    ? [revealNode(), disableNode()]
    : [regenerateNode()];
}

const actions = [
  "lookup_secret_confirm",
  "lookup_secret_reveal",
  "lookup_secret_disable",
  "lookup_secret_regenerate",
] as const;

function actionOf(body: LookupSettingsBody): "regenerate" | "reveal" | "confirm" | "disable" {
  if (body.lookup_secret_confirm) return "confirm";
  if (body.lookup_secret_reveal) return "reveal";
  if (body.lookup_secret_disable) return "disable";
  return "regenerate";
}

async function submitLookupSettings(
  ctx: RequestCtx,
  flow: Flow,
  active: ActiveSession,
  body: LookupSettingsBody,
): Promise<SettingsVerdict> {
  const { deps } = ctx;
  const identity = structuredClone(active.identity);
  const secret = deps.config.secrets.default[0]!;
  switch (actionOf(body)) {
    case "regenerate": {
      const codes = newBackupCodes();
      // Only the hashes wait in the flow for the confirmation; the clear codes are in the
      // form this once, and leave it when the flow moves on.
      flow.internal.lookup_secret_regenerated = codes.map((c) => hashBackupCode(c, secret));
      replaceLookupNodes(flow, [newCodesNode(codes), confirmNode()]);
      return { result: "form", messages: [] };
    }
    case "confirm": {
      const hashes = flow.internal.lookup_secret_regenerated;
      if (hashes?.length !== codeCount)
        return refuse("You must (re-)generate recovery backup codes before you can save them.");
      setBackupCodes(
        identity,
        hashes.map((code_hash) => ({ code_hash })),
        deps.now(),
      );
      delete flow.internal.lookup_secret_regenerated;
      await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
      await completeSecondFactor(deps, active.session, "lookup_secret");
      return { result: "saved", identity };
    }
    case "reveal": {
      const stored = storedBackupCodes(identity);
      if (stored.length === 0) return refuse("Can not reveal lookup codes because you have none.");
      replaceLookupNodes(flow, [storedCodesNode(stored), disableNode(), regenerateNode()]);
      return { result: "form", messages: [] };
    }
    case "disable": {
      setBackupCodes(identity, [], deps.now());
      delete flow.internal.lookup_secret_regenerated;
      await deps.persistence.transaction((tx) => tx.identities.updateIdentity(identity));
      return { result: "saved", identity };
    }
  }
}

function refuse(reason: string): SettingsVerdict {
  return {
    result: "refused",
    messages: [formMessage(uiText(MessageId.errorWithReason, { reason }))],
  };
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
