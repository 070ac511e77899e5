"use server";

import type { SettingsFlow } from "@ory/client-fetch";
import { redirect } from "next/navigation";
import { checkFields, formValues } from "../../flow-engine/form/field-rules";
import type { FormState } from "../../flow-engine/form/form-state";
import { TRAIT_RULES } from "../../flow-engine/form/trait-fields";
import { traitFields, traitsFromForm } from "../../flow-engine/form/traits";
import { SETTINGS_RETURN_TO } from "../../flow-engine/load-flow";
import { runSubmit, type SubmitContext } from "../../flow-engine/submit";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient } from "../../lib/identity.server";
import { type Locale, localizedHref, toLocale } from "../../lib/locale";
import { endProviderSessions } from "../oauth2-logout/logout.server";
import { afterSave } from "./after-save";

function context(
  values: Record<string, string>,
  screen?: "settings-password",
): SubmitContext & { flowId: string } {
  const locale: Locale = toLocale(values.locale);
  const flowId = values.flow;
  if (!flowId) redirect(localizedHref(locale, "/settings"));
  return { flow: "settings", screen, flowId, locale, returnTo: SETTINGS_RETURN_TO };
}

export async function submitProfile(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const kept = traitFields(values);
  const errors = checkFields(TRAIT_RULES, kept);
  if (Object.keys(errors).length > 0) return { values: kept, errors };
  const ctx = context(values);
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: ctx,
    call: (api) =>
      api.updateSettingsFlow({
        flow: ctx.flowId,
        updateSettingsFlowBody: {
          method: "profile",
          traits: traitsFromForm(values),
          csrf_token: values.csrf_token,
          transient_payload: { locale: ctx.locale },
        },
      }),
    onSuccess: afterSave,
  });
  return finishSubmit(outcome, { values: kept, errors: {} }, ctx);
}

export async function submitPassword(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const errors = checkFields({ password: "newPassword", repeatPassword: "repeatPassword" }, values);
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  const ctx = context(values, "settings-password");
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: ctx,
    call: (api) =>
      api.updateSettingsFlow({
        flow: ctx.flowId,
        updateSettingsFlowBody: {
          method: "password",
          password: values.password ?? "",
          csrf_token: values.csrf_token,
          transient_payload: { locale: ctx.locale },
        },
      }),
    onSuccess: afterSave,
  });
  return finishSubmit(outcome, { values: {}, errors: {} }, ctx);
}

/**
 * Linked accounts (`method=oidc`): `link` sends the browser to the provider (422
 * browser_location_change_required; a sign-in first when the session is not recent enough),
 * which links the profile on its way back; `unlink` removes it at once (1050001).
 */
export async function submitLinkedAccount(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const ctx = context(values);
  const change = values.link ? { link: values.link } : { unlink: values.unlink ?? "" };
  const client = await createIdentityClient();
  const outcome = await runSubmit({
    client,
    context: ctx,
    // The SDK's model of this body has no csrf_token (Kratos reads it all the same), so the
    // body goes as it is through the client's own POST.
    call: () =>
      client.post<SettingsFlow>(
        "/self-service/settings",
        {
          method: "oidc",
          ...change,
          csrf_token: values.csrf_token,
          transient_payload: { locale: ctx.locale },
        },
        { query: { flow: ctx.flowId } },
      ),
    onSuccess: afterSave,
  });
  return finishSubmit(outcome, { values: {}, errors: {} }, ctx);
}

/** Signs out one other device (DELETE /sessions/{id}). */
export async function revokeSession(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const ctx = context(values);
  const sessionId = values.session ?? "";
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: ctx,
    call: (api) => api.disableMySession({ id: sessionId }),
    onSuccess: () => ({
      type: "screen",
      screen: "settings",
      query: { flow: ctx.flowId, notice: "session_revoked" },
    }),
  });
  return finishSubmit(outcome, { values: {}, errors: {} }, ctx);
}

/** Signs out every device but this one (DELETE /sessions). */
export async function revokeOtherSessions(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const ctx = context(values);
  const outcome = await runSubmit({
    client: await createIdentityClient(),
    context: ctx,
    call: (api) => api.disableMyOtherSessions(),
    onSuccess: () => ({
      type: "screen",
      screen: "settings",
      query: { flow: ctx.flowId, notice: "sessions_revoked" },
    }),
  });
  return finishSubmit(outcome, { values: {}, errors: {} }, ctx);
}

/**
 * "Abmelden": a logout flow for this browser, then its logout URL (docs/protocol.md#logout-endpoints). The
 * OpenID Connect provider's login sessions of the customer end first, so the shop and other
 * clients are logged out too (back-channel logout).
 */
export async function logOut(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  // Also offered where no settings flow exists (the splash when signed in).
  const ctx: SubmitContext = {
    flow: "settings",
    flowId: values.flow ?? "",
    locale: toLocale(values.locale),
  };
  const client = await createIdentityClient();
  const subject = (await client.call((api) => api.toSession()).catch(() => undefined))?.identity
    ?.id;
  if (subject) await endProviderSessions(subject);
  const outcome = await runSubmit({
    client,
    context: ctx,
    call: (api) => api.createBrowserLogoutFlow(),
    onSuccess: (flow) => ({ type: "redirect", url: flow.logout_url }),
  });
  return finishSubmit(outcome, { values: {}, errors: {} }, ctx);
}
