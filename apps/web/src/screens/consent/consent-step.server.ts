// Everything that comes before the consent answer: a Moos session for the provider's subject,
// then the newsletter question (SPEC.md §1 asks it after every sign-in; a sign-in for a client
// reaches the web app here, not through /api/redirect), then the screen or, for Moos's own
// clients, the answer at once.

import type { OAuth2ConsentRequest, Session } from "@ory/client-fetch";
import { config } from "../../lib/config";
import { type Locale, localizedHref } from "../../lib/locale";
import { currentSession } from "../../lib/session.server";
import { consentGate } from "../newsletter/consent-gate.server";
import { acceptConsent, needsNoScreen, rejectConsent } from "./consent.server";

export type ConsentStep =
  | { readonly type: "redirect"; readonly url: string }
  | {
      readonly type: "screen";
      readonly session: Session & { identity: NonNullable<Session["identity"]> };
    };

export async function consentStep(
  request: OAuth2ConsentRequest,
  locale: Locale,
): Promise<ConsentStep> {
  const here = `${config.publicBaseUrl}${localizedHref(locale, "/consent", { consent_challenge: request.challenge })}`;
  const session = await currentSession();
  const identity = session?.identity;
  // Signed out of Moos since the provider accepted the login: sign in again and come back.
  if (!session || !identity) {
    return { type: "redirect", url: localizedHref(locale, "/login", { return_to: here }) };
  }
  // Another account signed in meanwhile: the client must not get its data.
  if (identity.id !== request.subject) {
    const url = await rejectConsent(request.challenge, "The signed-in account changed.");
    return { type: "redirect", url };
  }
  const question = await consentGate(session, here, locale);
  if (question) return { type: "redirect", url: question };
  if (needsNoScreen(request)) {
    const url = await acceptConsent(request, identity, {
      grantScope: request.requested_scope ?? [],
      remember: false,
    });
    return { type: "redirect", url };
  }
  return { type: "screen", session: { ...session, identity } };
}
