"use server";

import { checkFields, formValues } from "../../flow-engine/form/field-rules";
import type { FormState } from "../../flow-engine/form/form-state";
import { toLocale } from "../../lib/locale";
import { submitCode } from "./code-login-submit";

/** The code step: the code from the email, or (`intent=resend`) a new one. */
export async function submitLoginCode(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  if (values.intent === "resend") {
    return submitCode(values, locale, { kind: "resend" }, { values: {}, errors: {} });
  }
  const code = (values.code ?? "").trim();
  const errors = checkFields({ code: "oneTimeCode" }, { code });
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return submitCode(values, locale, { kind: "code", code }, { values: {}, errors: {} });
}
