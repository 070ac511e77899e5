import QRCode from "qrcode";
import { imageNode, inputNode, labels, submitNode, textNode, type UiNode } from "../../ui/nodes.ts";
import { uiText } from "../../ui/text.ts";
import { totpSecretOf } from "./key.ts";

// The totp group's nodes, named and labelled as Kratos's (selfservice/strategy/totp/nodes.go).

export function totpCodeNode(label: ReturnType<typeof uiText>): UiNode {
  return inputNode({
    group: "totp",
    name: "totp_code",
    type: "text",
    value: "",
    required: true,
    autocomplete: "one-time-code",
    label,
  });
}

export function totpLoginNodes(): UiNode[] {
  return [totpCodeNode(uiText(1010006)), submitNode("totp", "method", "totp", uiText(1010009))];
}

/** Setting up: the QR code, the secret for typing in, the first code and a save button. */
export async function totpSetupNodes(url: string): Promise<UiNode[]> {
  const qr = await QRCode.toDataURL(url, { width: 256, margin: 1, errorCorrectionLevel: "M" });
  const secret = totpSecretOf(url);
  return [
    imageNode("totp", "totp_qr", qr, uiText(1050005)),
    textNode("totp", "totp_secret_key", uiText(1050006, { secret }), uiText(1050017)),
    totpCodeNode(uiText(1070006)),
    submitNode("totp", "method", "totp", labels.save()),
  ];
}

export function totpUnlinkNode(): UiNode {
  return inputNode({
    group: "totp",
    name: "totp_unlink",
    type: "submit",
    value: "true",
    required: true,
    label: uiText(1050004),
  });
}
