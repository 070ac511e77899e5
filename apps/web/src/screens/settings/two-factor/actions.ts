"use server";

import type { SettingsFlow } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { checkFields, formValues } from "../../../flow-engine/form/field-rules";
import type { FormState } from "../../../flow-engine/form/form-state";
import { SETTINGS_RETURN_TO } from "../../../flow-engine/load-flow";
import { runSubmit } from "../../../flow-engine/submit";
import { finishSubmit } from "../../../flow-engine/submit.server";
import { createIdentityClient } from "../../../lib/identity.server";
import { localizedHref, toLocale } from "../../../lib/locale";
import { twoFactorSettingsBody } from "./two-factor-nodes";

/**
 * Every form of the two-factor screen: set up or remove the authenticator app, show, create,
 * confirm or turn off backup codes, add or remove security keys and passkeys. The answer is
 * the settings flow again (1050001 after a change, the codes after "show" or "create"), shown
 * on the same screen. A change that needs a recent sign-in answers 403
 * session_refresh_required, which sends the customer through the refresh login first.
 */
export async function submitTwoFactor(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const flowId = values.flow;
  const body = twoFactorSettingsBody(values, locale);
  if (!flowId || !body) redirect(localizedHref(locale, "/settings"));
  if (body.method === "totp" && !body.totp_unlink) {
    const errors = checkFields({ totp_code: "oneTimeCode" }, values);
    if (Object.keys(errors).length > 0) return { values: {}, errors };
  }
  const context = {
    flow: "settings",
    screen: "settings-two-factor",
    flowId,
    locale,
    returnTo: SETTINGS_RETURN_TO,
  } as const;
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context,
    call: (api) => api.updateSettingsFlow({ flow: flowId, updateSettingsFlowBody: body }),
    onSuccess: (flow: SettingsFlow) => ({
      type: "screen",
      screen: "settings-two-factor",
      query: { flow: flow.id },
    }),
  });
  return finishSubmit(outcome, { values: {}, errors: {} }, context);
}
