// "Passwort vergessen?" carries the address the customer already typed at login into the
// recovery screen, and the email typo hint ("Meintest du ...?") the address meant into recovery
// or, as a new address, into settings (an account registered with the typo).
// The login screen links to `/recovery?email=...`; starting the flow goes
// through the identity service, whose redirect back (`/recovery?flow=...`) knows no other
// parameters, as Kratos's does not. So the proxy keeps the address in a short-lived cookie
// of this app, hands it to the recovery screen in a request header when the flow comes back,
// and clears it. Only the customer's own typing travels: nothing is looked up, so the
// prefilled field says nothing about whether the address is registered.

import { hostCookieName } from "../../lib/host-cookie";
import { PRIVATE_HEADER_PREFIX } from "../../lib/request-context";
import { validateEmail } from "../../validation/rules";

export const RECOVERY_EMAIL_PARAM = "email";
/** Five minutes: the way through the identity service takes a moment, not a session. */
export const RECOVERY_EMAIL_COOKIE_MAX_AGE = 60 * 5;
/** The proxy's hand-over to the recovery screen; clients cannot send `x-moos-*` headers. */
export const RECOVERY_EMAIL_HEADER = `${PRIVATE_HEADER_PREFIX}recovery-email`;

export function recoveryEmailCookieName(secure: boolean): string {
  return hostCookieName("moos_recovery_email", secure);
}

/** The address to prefill, or undefined for anything that is not a plausible address. */
export function recoveryEmail(value: string | null | undefined): string | undefined {
  const email = value?.trim();
  if (!email || validateEmail(email) !== undefined) return undefined;
  return email;
}
