// The explicit confirmation account deletion asks for: the account's email address, typed out.
// A button alone can be hit by a stray click; typing the address cannot happen by accident and
// works the same without JavaScript. Case and surrounding spaces do not matter (an email
// address's domain is case-insensitive, and nobody types the local part's case on purpose).

import type { Session } from "@ory/client-fetch";

export const CONFIRM_EMAIL_FIELD = "confirm_email";
/** Message key (accountDelete namespace, passed as an error text). */
export const CONFIRM_EMAIL_MISMATCH = "confirmEmailMismatch";

export function emailOfSession(session: Session | undefined): string | undefined {
  const traits = session?.identity?.traits as { email?: unknown } | null | undefined;
  return typeof traits?.email === "string" ? traits.email : undefined;
}

export function confirmsDeletion(typed: string, email: string | undefined): boolean {
  if (!email) return false;
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}
