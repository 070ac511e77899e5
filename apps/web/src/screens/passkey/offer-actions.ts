"use server";

// The passkey offer's two answers (passkey-offer-screen.tsx): "Passkey erstellen" posts the
// passkey the browser made to the settings flow (as settings does, marked as the offer's for
// the metrics), "Später" keeps the offer away from this browser for 30 days. Both go on
// through /api/redirect, which checks return_to again.

import type { SettingsFlow } from "@ory/client-fetch";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { runSubmit } from "../../flow-engine/submit";
import { finishSubmit } from "../../flow-engine/submit.server";
import { config } from "../../lib/config";
import { createIdentityClient } from "../../lib/identity.server";
import { localizedHref, toLocale } from "../../lib/locale";
import { offerCookieOptions, PASSKEY_LATER_MAX_AGE, passkeyLaterCookieName } from "./offer-cookies";
import { onwardHref } from "./onward";

export async function createOfferedPasskey(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const flowId = values.flow;
  const returnTo = values.return_to || undefined;
  if (!flowId) redirect(onwardHref(returnTo));
  const here = localizedHref(locale, "/passkey", { flow: flowId, return_to: returnTo });
  const client = await createIdentityClient();
  const context = { flow: "settings", flowId, locale, returnTo: here } as const;
  const outcome = await runSubmit({
    client,
    context,
    // `passkey_via` is ours (docs/ory-compatibility.md): the SDK's model drops unknown fields.
    call: () =>
      client.post<SettingsFlow>(
        "/self-service/settings",
        {
          method: "passkey",
          passkey_settings_register: values.passkey_settings_register ?? "",
          passkey_via: "offer",
          csrf_token: values.csrf_token,
        },
        { query: { flow: flowId } },
      ),
    onSuccess: () => ({
      type: "redirect",
      url: localizedHref(locale, "/passkey", { created: "1", return_to: returnTo }),
    }),
    // Refused (the passkey did not verify, or is another account's): the offer again, with a
    // fresh ceremony in the flow the identity service answered with.
    onFlow: (flow) => ({
      type: "redirect",
      url: localizedHref(locale, "/passkey", {
        flow: flow.id,
        return_to: returnTo,
        error: "passkey_failed",
      }),
    }),
  });
  return finishSubmit(outcome, initialFormState, context);
}

export async function declinePasskeyOffer(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  (await cookies()).set(
    passkeyLaterCookieName(config.https),
    "1",
    offerCookieOptions(config.https, PASSKEY_LATER_MAX_AGE),
  );
  const onward = onwardHref(values.return_to || undefined);
  return finishSubmit({ redirectTo: onward, setCookies: [] }, initialFormState, {
    flow: "settings",
    locale,
  });
}
