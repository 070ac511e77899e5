// The newsletter question (SPEC.md §1: asked "before proceeding"), put in one place: every
// finished sign-in passes /api/redirect on its way to return_to. The login and registration
// flows this app starts carry `return_to=<public>/api/redirect?return_to=<target>`
// (init-url.ts), so a password login (continue_with redirect_browser_to), a social sign-in (the
// identity service's 303 after the provider's callback), the verification after registration
// (its "continue" link) and a code login all come back through it, with and without
// JavaScript. /api/redirect asks this module whether to show the question first.

import type { Session } from "@ory/client-fetch";
import { hasAdminApi } from "../../lib/admin.server";
import { type Locale, localizedHref } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { statusOf } from "../../lib/sdk-status";
import { consentOf, loadIdentity } from "./consent-store.server";

/**
 * The consent screen's URL when the signed-in customer has not answered yet, else undefined.
 * Without an admin API (not configured) or when it fails, the customer goes on unasked: the
 * question must never lock anyone out. While the identity service is briefly unavailable (503)
 * the answer is not known, and going on would skip the question for good: the newsletter
 * screen then says "try again in a moment" and, once it can read the answer, asks or goes on.
 */
export async function consentGate(
  session: Session,
  target: string,
  locale: Locale,
): Promise<string | undefined> {
  const identityId = session.identity?.id;
  if (!identityId || !hasAdminApi()) return undefined;
  const question = localizedHref(locale, "/newsletter", { return_to: target });
  try {
    const identity = await loadIdentity(identityId);
    if (consentOf(identity)) return undefined;
  } catch (error) {
    if (statusOf(error) === 503) return question;
    await reportError(error, { flow: "newsletter" });
    return undefined;
  }
  return question;
}
