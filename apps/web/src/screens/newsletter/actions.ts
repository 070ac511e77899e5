"use server";

// The newsletter's server actions: the answer on the consent screen, the confirmation of the
// email's link, and subscribing or withdrawing in settings. Each writes the consent record
// through the admin API (consent-store.server.ts); the customer's own session says whose.

import type { Identity } from "@ory/client-fetch";
import { redirect, unstable_rethrow } from "next/navigation";
import { formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { finishSubmit } from "../../flow-engine/submit.server";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { statusOf } from "../../lib/sdk-status";
import { currentSession } from "../../lib/session.server";
import { checkConfirmToken, parseConfirmToken } from "./confirm-token";
import { confirmConsent, declineConsent, withdrawConsent } from "./consent";
import { consentOf, loadIdentity, requestSubscription, saveConsent } from "./consent-store.server";

/** Where a signed-in customer goes on: /api/redirect checks return_to again. */
function onwardHref(returnTo: string | undefined): string {
  return returnTo
    ? `/api/redirect?${new URLSearchParams({ return_to: returnTo })}`
    : "/api/redirect";
}

async function go(url: string, locale: Locale): Promise<FormState> {
  return finishSubmit({ redirectTo: url, setCookies: [] }, initialFormState, {
    flow: "login",
    locale,
  });
}

/** The signed-in customer's identity (admin view); signed out: to the login first. */
async function signedInIdentity(locale: Locale, returnTo: string): Promise<Identity> {
  const session = await currentSession();
  const id = session?.identity?.id;
  if (!id) redirect(localizedHref(locale, "/login", { return_to: returnTo }));
  return loadIdentity(id);
}

/** Yes or no on the consent screen (`answer`), then on to return_to. */
export async function answerNewsletter(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const returnTo = values.return_to || undefined;
  const screen = localizedHref(locale, "/newsletter", { return_to: returnTo });
  let identity: Identity;
  try {
    identity = await signedInIdentity(locale, screen);
    // Answered already (a second tab, the back button): the first answer stands.
    if (consentOf(identity)) return go(onwardHref(returnTo), locale);
    const change = { now: new Date(), locale };
    if (values.answer === "yes") {
      await requestSubscription(identity, change);
    } else {
      await saveConsent(identity, declineConsent(undefined, change));
      return go(onwardHref(returnTo), locale);
    }
  } catch (error) {
    unstable_rethrow(error);
    await reportError(error, { flow: "newsletter" });
    return go(
      localizedHref(locale, "/newsletter", { return_to: returnTo, error: "generic" }),
      locale,
    );
  }
  return go(localizedHref(locale, "/newsletter", { return_to: returnTo, sent: "1" }), locale);
}

/**
 * The button on the page the email links to. A POST, so a mail scanner that opens the link
 * confirms nothing. Needs no session: the token says whose record it is.
 */
export async function confirmNewsletter(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const parsed = parseConfirmToken(values.token);
  const result = parsed ? await confirmToken(parsed.identityId, parsed.secret, locale) : "invalid";
  return go(localizedHref(locale, "/newsletter/confirm", { result }), locale);
}

async function confirmToken(
  identityId: string,
  secret: string,
  locale: Locale,
): Promise<"confirmed" | "invalid" | "expired" | "failed"> {
  try {
    const identity = await loadIdentity(identityId);
    const record = consentOf(identity);
    const now = new Date();
    const check = checkConfirmToken(record, secret, now);
    if (check !== "valid" || !record) return check === "expired" ? "expired" : "invalid";
    await saveConsent(identity, confirmConsent(record, { now, locale }));
    return "confirmed";
  } catch (error) {
    // An unknown identity (deleted since) is an invalid link, anything else a failure.
    if (statusOf(error) === 404) return "invalid";
    await reportError(error, { flow: "newsletter" });
    return "failed";
  }
}

/** Settings: subscribe (double opt-in again) or withdraw (at once), back with a note. */
export async function changeNewsletter(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const settings = (query: Record<string, string>): string =>
    localizedHref(locale, "/settings", { flow: values.flow, ...query });
  let notice: string;
  try {
    const identity = await signedInIdentity(locale, localizedHref(locale, "/settings"));
    const record = consentOf(identity);
    const change = { now: new Date(), locale };
    if (values.intent === "withdraw") {
      if (record) await saveConsent(identity, withdrawConsent(record, change));
      notice = "newsletter_withdrawn";
    } else {
      await requestSubscription(identity, change);
      notice = "newsletter_requested";
    }
  } catch (error) {
    unstable_rethrow(error);
    await reportError(error, { flow: "newsletter" });
    return go(settings({ error: "generic" }), locale);
  }
  return go(settings({ notice }), locale);
}
