"use server";

import { unstable_rethrow } from "next/navigation";
import { formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { finishSubmit } from "../../flow-engine/submit.server";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { currentSession } from "../../lib/session.server";
import { acceptConsent, grantedScopes, loadConsentRequest, rejectConsent } from "./consent.server";

async function go(url: string, locale: Locale): Promise<FormState> {
  return finishSubmit({ redirectTo: url, setCookies: [] }, initialFormState, {
    flow: "consent",
    locale,
  });
}

/**
 * Allow or deny on the consent screen. The request is read again and must still belong to the
 * signed-in customer; the browser then goes back to the provider, which ends at the client
 * (with a code, or with `access_denied`).
 */
export async function answerConsent(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const challenge = values.consent_challenge;
  const screen = localizedHref(locale, "/consent", { consent_challenge: challenge });
  let target: string;
  try {
    const request = await loadConsentRequest(challenge);
    const identity = (await currentSession())?.identity;
    // Answered meanwhile, or no longer this customer's: the screen says what is the matter.
    if (!request || !identity || identity.id !== request.subject) return go(screen, locale);
    if (values.intent === "deny") {
      target = await rejectConsent(request.challenge, "The customer did not allow access.");
    } else {
      const chosen = formData
        .getAll("grant_scope")
        .filter((v): v is string => typeof v === "string");
      target = await acceptConsent(request, identity, {
        grantScope: grantedScopes(request.requested_scope ?? [], chosen),
        remember: values.remember === "true",
      });
    }
  } catch (error) {
    unstable_rethrow(error);
    await reportError(error, { flow: "consent" });
    return go(
      localizedHref(locale, "/consent", { consent_challenge: challenge, error: "generic" }),
      locale,
    );
  }
  return go(target, locale);
}
