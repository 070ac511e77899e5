import { MessageId } from "@moos/contract";
import { normaliseIdentifier } from "../identity/identity.ts";
import { uiText } from "../ui/text.ts";
import { type FlowMessage, fieldMessage } from "./verdict.ts";

/**
 * The address a recovery or verification email submit names (normalised, at most 320
 * characters), or, when it is missing or no email address, what was typed and the field's
 * message: the flow then shows its address form again and answers 400.
 */
export function submittedEmail(
  typed: string | undefined,
): { email: string } | { refused: FlowMessage; typed: string } {
  const email = normaliseIdentifier(typed ?? "").slice(0, 320);
  if (email && /^[^\s@]+@[^\s@]+$/.test(email)) return { email };
  const message = email
    ? uiText(MessageId.invalidEmail, { value: email })
    : uiText(MessageId.missingProperty, { property: "email" });
  return { refused: fieldMessage("email", message), typed: email };
}
