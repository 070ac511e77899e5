"use server";

// The three submits of a waiting email change (email-change-section.tsx). The SDK's settings
// body has no fields for them (they are ours), so they go through the client's own POST.

import type { SettingsFlow } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { checkFields, formValues } from "../../flow-engine/form/field-rules";
import type { FormState } from "../../flow-engine/form/form-state";
import { SETTINGS_RETURN_TO } from "../../flow-engine/load-flow";
import { runSubmit } from "../../flow-engine/submit";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient } from "../../lib/identity.server";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import { afterSave } from "./after-save";

const CODE = "email_change_code";

async function submitEmailChange(
  values: Record<string, string>,
  body: Record<string, string>,
  kept: Record<string, string> = {},
): Promise<FormState> {
  const locale: Locale = toLocale(values.locale);
  const flowId = values.flow;
  if (!flowId) redirect(localizedHref(locale, "/settings"));
  const context = { flow: "settings" as const, flowId, locale, returnTo: SETTINGS_RETURN_TO };
  const client = await createIdentityClient();
  const outcome = await runSubmit({
    client,
    context,
    call: () =>
      client.post<SettingsFlow>(
        "/self-service/settings",
        { ...body, csrf_token: values.csrf_token, transient_payload: { locale } },
        { query: { flow: flowId } },
      ),
    onSuccess: afterSave,
  });
  return finishSubmit(outcome, { values: kept, errors: {} }, context);
}

export async function confirmEmailChange(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const kept = { [CODE]: values[CODE] ?? "" };
  const errors = checkFields({ [CODE]: "verificationCode" }, values);
  if (Object.keys(errors).length > 0) return { values: kept, errors };
  return submitEmailChange(
    values,
    { method: "profile", email_change_confirm: "true", [CODE]: (values[CODE] ?? "").trim() },
    kept,
  );
}

export async function resendEmailChangeCode(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  return submitEmailChange(formValues(formData), {
    method: "profile",
    email_change_resend: "true",
  });
}

export async function cancelEmailChange(_state: FormState, formData: FormData): Promise<FormState> {
  return submitEmailChange(formValues(formData), {
    method: "profile",
    email_change_cancel: "true",
  });
}
