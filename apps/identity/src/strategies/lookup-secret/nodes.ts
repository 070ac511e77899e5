import { MessageId } from "@moos/contract";
import { inputNode, submitNode, textNode, type UiNode } from "../../ui/nodes.ts";
import { type UiText, uiText } from "../../ui/text.ts";
import type { StoredBackupCode } from "./codes.ts";

// The lookup_secret group's nodes, named and labelled as Kratos's
// (selfservice/strategy/lookup/nodes.go).

export const lookupNodeNames = [
  "lookup_secret_regenerate",
  "lookup_secret_reveal",
  "lookup_secret_disable",
  "lookup_secret_codes",
  "lookup_secret_confirm",
] as const;

const button = (name: string, label: UiText): UiNode =>
  submitNode("lookup_secret", name, "true", label);

export const regenerateNode = (): UiNode =>
  button("lookup_secret_regenerate", uiText(MessageId.generateBackupCodes));
export const revealNode = (): UiNode =>
  button("lookup_secret_reveal", uiText(MessageId.revealBackupCodes));
export const disableNode = (): UiNode =>
  button("lookup_secret_disable", uiText(MessageId.disableBackupCodes));
export const confirmNode = (): UiNode =>
  button("lookup_secret_confirm", uiText(MessageId.confirmBackupCodes));

/** The freshly generated codes, in clear text: the only time they are ever shown. */
export function newCodesNode(codes: readonly string[]): UiNode {
  return codesNode(codes.map((secret) => uiText(MessageId.backupCode, { secret })));
}

/**
 * Revealing stored codes: only their hashes are kept, so an unused code shows as a mask and a
 * used one as when it was used (Kratos shows the clear codes; ours cannot).
 */
export function storedCodesNode(codes: readonly StoredBackupCode[]): UiNode {
  return codesNode(
    codes.map((code) => {
      if (!code.used_at) return uiText(MessageId.backupCode, { secret: "********" });
      const usedAt = new Date(code.used_at);
      return uiText(
        MessageId.backupCodeUsedAt,
        { used_at: code.used_at, used_at_unix: Math.floor(usedAt.getTime() / 1000) },
        `Secret was used at ${usedAt.toISOString().replace("T", " ").slice(0, 19)} +0000 UTC`,
      );
    }),
  );
}

function codesNode(secrets: UiText[]): UiNode {
  const list = uiText(MessageId.backupCodeList, { secrets }, secrets.map((s) => s.text).join(", "));
  return textNode(
    "lookup_secret",
    "lookup_secret_codes",
    list,
    uiText(MessageId.keepBackupCodesSafe),
  );
}

export function lookupLoginNodes(): UiNode[] {
  return [
    inputNode({
      group: "lookup_secret",
      name: "lookup_secret",
      type: "text",
      value: "",
      required: true,
      label: uiText(MessageId.backupRecoveryCode),
    }),
    submitNode("lookup_secret", "method", "lookup_secret", uiText(MessageId.useBackupRecoveryCode)),
  ];
}
