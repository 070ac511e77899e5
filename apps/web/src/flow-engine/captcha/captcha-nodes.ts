// The bot defence's challenge in a flow (docs/web-app.md#bot-defence): ui nodes of group
// `captcha`, as Ory Network's flows carry theirs. `captcha_altcha_challenge` holds ALTCHA's
// challenge as JSON; the solver's payload goes back as `transient_payload.captcha_altcha_response`,
// which every method's body takes. A flow without them asks for nothing, and the page loads
// no solver.

import type { UiNode } from "@ory/client-fetch";
import { inputAttributes, nodeValue } from "../nodes";

export const CAPTCHA_CHALLENGE_FIELD = "captcha_altcha_challenge";
export const CAPTCHA_RESPONSE_FIELD = "transient_payload.captcha_altcha_response";

/** The challenge a flow carries, as the JSON the solver reads; undefined without one. */
export function captchaChallenge(nodes: readonly UiNode[]): string | undefined {
  const node = nodes.find(
    (candidate) =>
      candidate.group === "captcha" && inputAttributes(candidate)?.name === CAPTCHA_CHALLENGE_FIELD,
  );
  const value = nodeValue(node);
  return value ? value : undefined;
}

/**
 * The body with the solver's payload from the form, when it sent one: added to the body's
 * `transient_payload` (which also carries the language).
 */
export function withCaptcha<Body extends object>(
  body: Body,
  values: Readonly<Record<string, string>>,
): Body {
  const response = values[CAPTCHA_RESPONSE_FIELD];
  if (!response) return body;
  const payload = (body as { transient_payload?: object }).transient_payload;
  return { ...body, transient_payload: { ...payload, captcha_altcha_response: response } };
}
