"use server";

import type { SuccessfulNativeRegistration, UpdateRegistrationFlowBody } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { withCaptcha } from "../../flow-engine/captcha/captcha-nodes";
import { checkFields, type FieldRules, formValues } from "../../flow-engine/form/field-rules";
import type { FormState } from "../../flow-engine/form/form-state";
import { TRAIT_RULES } from "../../flow-engine/form/trait-fields";
import { traitFields, traitsFromForm } from "../../flow-engine/form/traits";
import { stepAfterSignIn } from "../../flow-engine/step-url";
import { runSubmit } from "../../flow-engine/submit";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient } from "../../lib/identity.server";
import { localizedHref, toLocale } from "../../lib/locale";

const REGISTRATION_RULES: FieldRules = {
  ...TRAIT_RULES,
  password: "newPassword",
  repeatPassword: "repeatPassword",
};

/**
 * All traits and the password with `method=password`, from the registration form (one step) or
 * from the credential choice. The repeated password never leaves this server. "Weiter mit
 * Passkey" (intent=passkey) sends the traits alone (`method=profile`): the identity service
 * answers with its credential choice, which this app shows next (credential-choice.tsx).
 */
export async function submitRegistration(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const kept = traitFields(values);
  if (values.intent === "passkey") return chooseCredential(values, locale, kept);
  const errors = checkFields(REGISTRATION_RULES, { ...values, ...kept });
  if (Object.keys(errors).length > 0) return { values: kept, errors };
  return updateRegistration(values.flow, locale, kept, {
    values,
    body: {
      method: "password",
      password: values.password ?? "",
      traits: traitsFromForm(values),
      csrf_token: values.csrf_token,
      transient_payload: { locale },
    },
  });
}

async function chooseCredential(
  values: Record<string, string>,
  locale: ReturnType<typeof toLocale>,
  kept: Record<string, string>,
): Promise<FormState> {
  const errors = checkFields(TRAIT_RULES, kept);
  if (Object.keys(errors).length > 0) return { values: kept, errors };
  return updateRegistration(values.flow, locale, kept, {
    values,
    body: {
      method: "profile",
      traits: traitsFromForm(values),
      csrf_token: values.csrf_token,
    },
  });
}

/** The passkey webauthn.js created at the credential choice (`passkey_register`), with the traits. */
export async function submitPasskeyRegistration(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const kept = traitFields(values);
  return updateRegistration(values.flow, locale, kept, {
    values,
    body: {
      method: "passkey",
      passkey_register: values.passkey_register ?? "",
      traits: traitsFromForm(values),
      csrf_token: values.csrf_token,
      transient_payload: { locale },
    },
  });
}

/** "Zurück" from the credential choice: the registration form again, name and email kept. */
export async function backToProfile(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const kept = traitFields(values);
  return updateRegistration(values.flow, locale, kept, {
    values,
    body: {
      method: "profile",
      screen: "previous",
      traits: traitsFromForm(values),
      csrf_token: values.csrf_token,
    },
  });
}

/**
 * Social register (`method=oidc` with the traits): what the provider gave comes back as hidden
 * fields, what it did not give was typed here. The identity service answers with the session
 * and the verification of the new address (continue_with), or the flow with messages.
 */
export async function submitSocialRegister(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const kept = traitFields(values);
  const rules = Object.fromEntries(Object.entries(TRAIT_RULES).filter(([name]) => name in kept));
  const errors = checkFields(rules, kept);
  if (Object.keys(errors).length > 0) return { values: kept, errors };
  return updateRegistration(values.flow, locale, kept, {
    values,
    body: {
      method: "oidc",
      provider: values.provider ?? "",
      traits: traitsFromForm(values),
      csrf_token: values.csrf_token,
      transient_payload: { locale },
    },
  });
}

/** Sends a registration body for the flow and goes on where the identity service says. */
async function updateRegistration(
  flowId: string | undefined,
  locale: ReturnType<typeof toLocale>,
  kept: Record<string, string>,
  form: { readonly values: Record<string, string>; readonly body: UpdateRegistrationFlowBody },
): Promise<FormState> {
  // The solution of the flow's proof of work goes along with every submit, when it has one.
  const body = withCaptcha(form.body, form.values);
  if (!flowId) redirect(localizedHref(locale, "/registration"));
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: { flow: "registration", flowId, locale },
    call: (api) => api.updateRegistrationFlow({ flow: flowId, updateRegistrationFlowBody: body }),
    onSuccess: (result: SuccessfulNativeRegistration) => stepAfterSignIn(result.continue_with),
  });
  return finishSubmit(outcome, { values: kept, errors: {} }, { flow: "registration", locale });
}
