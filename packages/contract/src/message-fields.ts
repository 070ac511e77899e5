// Flow-level messages (ui.messages) that are about one field. Kratos sends a wrong password or
// a wrong code as a message of the whole form, so that it does not say which part was wrong
// where that would reveal something (4000006 names neither the email nor the password). A
// screen still marks the field the customer has to change (aria-invalid, described by the
// message) and moves focus there; the message stays where Kratos put it.

import type { KratosMessageId } from "./message-catalogue.ts";
import { MessageId } from "./message-ids.ts";

export const messageFields: Readonly<Partial<Record<KratosMessageId, string>>> = {
  /** The credentials are invalid: the password is what the customer types again. */
  [MessageId.invalidCredentials]: "password",
  /** The authentication code (TOTP) is invalid. */
  [MessageId.invalidAuthenticationCode]: "totp_code",
  /** The backup code is invalid. */
  [MessageId.invalidBackupCode]: "lookup_secret",
  /** The login code is invalid or used. */
  [MessageId.invalidLoginCode]: "code",
  /** The recovery code is invalid or used. */
  [MessageId.invalidRecoveryCode]: "code",
  /** The verification code is invalid or used. */
  [MessageId.invalidVerificationCode]: "code",
};

/** The field a flow-level message is about, if any. */
export function fieldOfMessage(id: number): string | undefined {
  return (messageFields as Readonly<Record<number, string>>)[id];
}
