import { MessageId } from "@moos/contract";
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
  return [
    totpCodeNode(uiText(MessageId.authenticationCode)),
    submitNode("totp", "method", "totp", uiText(MessageId.useAuthenticator)),
  ];
}

/** Setting up: the QR code, the secret for typing in, the first code and a save button. */
export async function totpSetupNodes(url: string): Promise<UiNode[]> {
  const qr = await QRCode.toDataURL(url, { width: 256, margin: 1, errorCorrectionLevel: "M" });
  const secret = totpSecretOf(url);
  return [
    imageNode("totp", "totp_qr", qr, uiText(MessageId.authenticatorAppQrCode)),
    textNode(
      "totp",
      "totp_secret_key",
      uiText(MessageId.authenticatorAppSecret, { secret }),
      uiText(MessageId.authenticatorAppSecretHint),
    ),
    totpCodeNode(uiText(MessageId.verifyCode)),
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
    label: uiText(MessageId.unlinkAuthenticatorApp),
  });
}
