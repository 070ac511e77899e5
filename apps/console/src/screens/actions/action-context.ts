import { redirect } from "next/navigation";
import { type Locale, localizedHref, toLocale } from "../../i18n/locales";
import { config } from "../../lib/config";
import { CSRF_FIELD, isCsrfTokenValid } from "../../lib/csrf";
import { type SignedInStaff, signedInStaff } from "../../lib/staff.server";

/**
 * What every server action checks first: a signed-in staff member (else the sign-in screen)
 * and the form's CSRF token (lib/csrf.ts; else back to `back` with a message, nothing done).
 */
export async function actionContext(
  form: FormData,
  options: { back: string },
): Promise<{ locale: Locale; signedIn: SignedInStaff }> {
  const locale = toLocale(form.get("lang"));
  const signedIn = await signedInStaff(locale);
  if (!isCsrfTokenValid(signedIn.session.sid, form.get(CSRF_FIELD), config().sessionSecrets)) {
    redirect(`${localizedHref(locale, options.back, { error: "csrf" })}#notice`);
  }
  return { locale, signedIn };
}
