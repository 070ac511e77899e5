// The session account deletion needs: signed in, and recently (recent-sign-in.ts).

import type { Session } from "@ory/client-fetch";
import { config } from "../../lib/config";
import { type Locale, localizedHref } from "../../lib/locale";
import { isRecentSignIn } from "./recent-sign-in";

export const DELETE_PATH = "/settings/delete";

/**
 * Sign in again (refresh=true) and come back to the delete screen: the login flow's return_to
 * passes /api/redirect (init-url.ts), which sends the customer back here.
 */
export function reauthHref(locale: Locale): string {
  return localizedHref(locale, "/login", {
    refresh: "true",
    return_to: `${config.publicBaseUrl}${localizedHref(locale, DELETE_PATH)}`,
  });
}

/** Where to go first, or undefined when the session may delete (and export) the account. */
export function signInFirst(session: Session | undefined, locale: Locale): string | undefined {
  if (!session?.identity?.id) {
    return localizedHref(locale, "/login", {
      return_to: `${config.publicBaseUrl}${localizedHref(locale, DELETE_PATH)}`,
    });
  }
  return isRecentSignIn(session, new Date()) ? undefined : reauthHref(locale);
}
