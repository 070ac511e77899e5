import { type KratosMessageId, messageCatalogue } from "@moos/contract";

export type UiTextContext = Record<string, unknown>;

/** A Kratos `uiText`: what every ui.messages entry and node message is. */
export interface UiText {
  id: number;
  text: string;
  type: "info" | "error" | "success";
  context?: UiTextContext;
}

/**
 * Builds the message with the catalogue's English text, its `{placeholders}` filled from the
 * context. Pass `text` when Kratos formats the sentence itself (expiry minutes, lengths).
 */
export function uiText(id: KratosMessageId, context?: UiTextContext, text?: string): UiText {
  const definition = messageCatalogue[id];
  const filled =
    text ??
    definition.text.replace(/\{(\w+)\}/g, (whole, key: string) =>
      context && key in context ? String(context[key]) : whole,
    );
  return context
    ? { id, text: filled, type: definition.type, context }
    : { id, text: filled, type: definition.type };
}

/** Kratos writes minutes with two decimals ("expired 1.00 minutes ago"). */
export function formatMinutes(ms: number): string {
  return (Math.abs(ms) / 60_000).toFixed(2);
}
