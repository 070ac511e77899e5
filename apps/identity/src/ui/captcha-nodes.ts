import { MessageId } from "@moos/contract";
import { inputNode, type UiNode } from "./nodes.ts";
import { uiText } from "./text.ts";

// The bot defence's challenge as ui nodes of group `captcha` (docs/security.md#the-proof-of-work),
// as Ory Network's flows carry their captcha: two hidden inputs, so every client that renders a
// flow's hidden inputs sends them back, and the schema of every method's body takes the answer
// (`transient_payload` is in each). `captcha_altcha_challenge` holds ALTCHA's challenge as
// JSON, for the solver; `transient_payload.captcha_altcha_response` takes the solver's payload.

export const challengeField = "captcha_altcha_challenge";
export const responseField = "transient_payload.captcha_altcha_response";

/** The nodes of a challenge, given as ALTCHA's challenge in JSON. */
export function captchaNodes(challengeJson: string): UiNode[] {
  return [
    inputNode({
      group: "captcha",
      name: challengeField,
      type: "hidden",
      value: challengeJson,
    }),
    inputNode({
      group: "captcha",
      name: responseField,
      type: "hidden",
      value: "",
      label: uiText(MessageId.completeCaptcha),
    }),
  ];
}

export function withoutChallenge(nodes: readonly UiNode[]): UiNode[] {
  return nodes.filter((node) => node.group !== "captcha");
}
