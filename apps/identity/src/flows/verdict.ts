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

/** Puts the messages on the form in their order (a field the form lacks gets a text input). */
export function putMessages(ui: UiContainer, messages: readonly FlowMessage[]): void {
  for (const message of messages) {
    if (message.field === undefined) addFlowMessage(ui, message.text);
    else addFieldMessage(ui, message.field, message.text);
  }
}
