import { addFieldMessage, addFlowMessage, type UiContainer } from "../ui/nodes.ts";
import type { UiText } from "../ui/text.ts";

// What verdicts of every flow share. A method says which messages the customer reads; the flow
// puts them on its form (a field's node, or the whole form) before it saves and answers.

/** A message for the customer: on the named field's node, or, without a field, on the form. */
export interface FlowMessage {
  readonly text: UiText;
  readonly field?: string | undefined;
}

export function formMessage(text: UiText): FlowMessage {
  return { text };
}

export function fieldMessage(field: string | undefined, text: UiText): FlowMessage {
  return { text, field };
}

/**
 * The browser goes on at `to`: to a provider, or back to the flow's own UI for a fresh
 * ceremony. JSON and API clients get 422 browser_location_change_required instead.
 */
export interface Redirect {
  result: "redirect";
  to: string;
  /**
   * The continuity cookie (`ory_kratos_continuity`) that binds a provider's answer to the
   * browser that went there (strategies/oidc/state.ts).
   */
  continuity?: { value: string; maxAgeSeconds: number } | undefined;
}

/** Puts the messages on the form in their order (a field the form lacks gets a text input). */
export function putMessages(ui: UiContainer, messages: readonly FlowMessage[]): void {
  for (const message of messages) {
    if (message.field === undefined) addFlowMessage(ui, message.text);
    else addFieldMessage(ui, message.field, message.text);
  }
}
