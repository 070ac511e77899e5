"use server";

import type { SuccessfulNativeLogin } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { createIdentityClient } from "../../lib/identity.server";
import { localizedHref, toLocale } from "../../lib/locale";
import { checkFields, formValues } from "../form/field-rules";
import type { FormState } from "../form/form-state";
import { continueWithStep } from "../step-url";
import { runSubmit } from "../submit";
import { finishSubmit } from "../submit.server";

/**
 * Identifier first: the email step only checks the address and moves on to the password
 * (no call to the identity service); the password step signs in with `method=password`.
 */
export async function submitLogin(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const identifier = (values.identifier ?? "").trim();
  const kept = { identifier };

  if (values.intent === "change-identifier")
    return { values: kept, errors: {}, step: "identifier" };
  if (values.step === "identifier") {
    const errors = checkFields({ identifier: "email" }, kept);
    const step = Object.keys(errors).length > 0 ? "identifier" : "password";
    return { values: kept, errors, step };
  }
  const errors = checkFields({ identifier: "email", password: "currentPassword" }, values);
  if (Object.keys(errors).length > 0) {
    return { values: kept, errors, step: errors.identifier ? "identifier" : "password" };
  }
  const flowId = values.flow;
  if (!flowId) redirect(localizedHref(locale, "/login"));

  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: { flow: "login", flowId, locale },
    call: (api) =>
      api.updateLoginFlow({
        flow: flowId,
        updateLoginFlowBody: {
          method: "password",
          identifier,
          password: values.password ?? "",
          csrf_token: values.csrf_token,
          transient_payload: { locale },
        },
      }),
    onSuccess: (result: SuccessfulNativeLogin) =>
      continueWithStep(result.continue_with) ?? { type: "redirect", url: "/api/redirect" },
  });
  return finishSubmit(
    outcome,
    { values: kept, errors: {}, step: "password" },
    { flow: "login", locale },
  );
}
