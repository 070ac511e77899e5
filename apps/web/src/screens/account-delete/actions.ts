"use server";

// "Konto endgültig löschen": checks the session and its recency again (the screen may have
// stood open), deletes the identity through the admin API (the identity service deletes its
// credentials, sessions, codes and flows with it, sends the confirmation email and tells the
// shop by webhook), clears this browser's identity cookies and shows the success screen.

import { cookies } from "next/headers";
import { formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { finishSubmit } from "../../flow-engine/submit.server";
import { adminApi } from "../../lib/admin.server";
import { isIdentityCookie } from "../../lib/cookie-header";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { currentSession } from "../../lib/session.server";
import {
  CONFIRM_EMAIL_FIELD,
  CONFIRM_EMAIL_MISMATCH,
  confirmsDeletion,
  emailOfSession,
} from "./delete-confirmation";
import { DELETE_PATH, signInFirst } from "./recent-session.server";

// Kratos's session cookie (`ory_kratos_session`, on Ory Network `ory_session_<project>`) and
// its CSRF cookies (`csrf_token_<hash>`), `__Host-` prefixed behind https: the session is gone
// on the server already, the cookies go too so nothing stale stays in the browser. A browser
// accepts the deletion of a `__Host-` cookie only with Secure and Path=/.

async function go(url: string, locale: Locale): Promise<FormState> {
  return finishSubmit({ redirectTo: url, setCookies: [] }, initialFormState, {
    flow: "settings",
    locale,
  });
}

export async function deleteAccount(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const session = await currentSession();
  const first = signInFirst(session, locale);
  const identityId = session?.identity?.id;
  if (first || !identityId) return go(first ?? localizedHref(locale, "/login"), locale);
  // The explicit confirmation: the account's email typed out, so one stray click (or an
  // Enter in the wrong place) cannot delete an account. Checked here, where it counts.
  const typed = values[CONFIRM_EMAIL_FIELD] ?? "";
  if (!confirmsDeletion(typed, emailOfSession(session))) {
    return {
      values: { [CONFIRM_EMAIL_FIELD]: typed },
      errors: { [CONFIRM_EMAIL_FIELD]: CONFIRM_EMAIL_MISMATCH },
    };
  }
  try {
    await adminApi().deleteIdentity({ id: identityId });
  } catch (error) {
    await reportError(error, { flow: "account-delete" });
    return go(localizedHref(locale, DELETE_PATH, { error: "generic" }), locale);
  }
  const jar = await cookies();
  for (const { name } of jar.getAll()) {
    if (!isIdentityCookie(name)) continue;
    if (name.startsWith("__Host-")) jar.delete({ name, path: "/", secure: true });
    else jar.delete(name);
  }
  return go(localizedHref(locale, `${DELETE_PATH}/done`), locale);
}
