"use server";

// The one confirmation of a security notice's link: POST /self-service/security/links (our
// identity service ends every session, forgets the device, undoes an email change, and starts
// a recovery flow), then on to that flow's screen. Its cookies (the session cleared, a new CSRF
// secret for the recovery flow) go to the browser.

import type { ContinueWith } from "@ory/client-fetch";
import { formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient } from "../../lib/identity.server";
import { IdentityError } from "../../lib/identity-client";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";

const SCREENS = new Set(["/security/not-me", "/security/undo-email-change"]);

export async function confirmSecurityLink(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const locale: Locale = toLocale(values.locale);
  const token = values.token ?? "";
  const screen = SCREENS.has(values.screen ?? "") ? values.screen! : "/security/not-me";
  const client = await createIdentityClient();
  let redirectTo: string;
  try {
    const answer = await client.post<{ continue_with?: ContinueWith[] }>(
      "/self-service/security/links",
      { token },
    );
    const recovery = answer.continue_with?.find((c) => c.action === "show_recovery_ui");
    redirectTo =
      recovery?.action === "show_recovery_ui"
        ? localizedHref(locale, "/recovery", { flow: recovery.flow.id })
        : localizedHref(locale, "/login");
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    // 404: used or run out meanwhile; the screen, opened again, says so. Else: try again.
    if (error.status !== 404) await reportError(error, { flow: "security-link" });
    const reason =
      error.status === 404 ? undefined : error.status === 429 ? "rate_limited" : "generic";
    redirectTo = localizedHref(locale, screen, { token, error: reason });
  }
  return finishSubmit({ redirectTo, setCookies: client.setCookies }, initialFormState, {
    flow: "recovery",
    locale,
  });
}
