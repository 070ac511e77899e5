"use server";

import { redirect } from "next/navigation";
import { checkFields, formValues, type RuleName } from "../../flow-engine/form/field-rules";
import type { FormState } from "../../flow-engine/form/form-state";
import { localizedHref, toLocale } from "../../lib/locale";
import { updateLogin } from "../login/update-login";
import { isLoginMethod, loginMethodBody } from "./login-method-body";

/** The field each typed method checks before it goes to the identity service. */
const FIELD_RULES: Readonly<Record<string, Readonly<Record<string, RuleName>>>> = {
  totp: { totp_code: "oneTimeCode" },
  lookup_secret: { lookup_secret: "backupCode" },
};

/**
 * Signs in with an authenticator app code, a backup code, a security key (the second step,
 * `aal=aal2`) or a passkey. A wrong code comes back as the flow with its message (4000008,
 * 4000012, 4000016), which the login screen shows.
 */
export async function submitLoginMethod(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const method = values.method;
  const flowId = values.flow;
  if (!flowId || !isLoginMethod(method)) redirect(localizedHref(locale, "/login"));

  const errors = checkFields(FIELD_RULES[method] ?? {}, values);
  if (Object.keys(errors).length > 0) return { values: {}, errors };

  return updateLogin({
    flowId,
    locale,
    body: loginMethodBody(method, values, locale),
    state: { values: {}, errors: {} },
    values,
  });
}
