"use server";

// The User migration screen's forms: send the code (again), and the one form with the code and
// the new password. That form checks the code on the recovery flow, takes the privileged
// session it gives (the client sends the new cookie with its next calls), sets the password on
// the settings flow and hands the session cookie to the browser. When the code was accepted but
// the password refused, the screen asks only for the password (the settings flow carries the
// reason), so no new code is needed.

import { checkFields, formValues } from "../../flow-engine/form/field-rules";
import { type FormState, initialFormState } from "../../flow-engine/form/form-state";
import { finishSubmit } from "../../flow-engine/submit.server";
import { createIdentityClient } from "../../lib/identity.server";
import { type IdentityClient, IdentityError } from "../../lib/identity-client";
import { type Locale, toLocale } from "../../lib/locale";
import { reportError } from "../../lib/report-error";
import { beginMigration, csrfOf, type MigrationQuery, migrationHref } from "./migration.server";

function queryOf(values: Record<string, string>): MigrationQuery {
  return { email: (values.email ?? "").trim(), returnTo: values.return_to || undefined };
}

async function go(client: IdentityClient, url: string, locale: Locale): Promise<FormState> {
  return finishSubmit({ redirectTo: url, setCookies: client.setCookies }, initialFormState, {
    flow: "recovery",
    locale,
  });
}

/** "Code senden" (no flow yet, or the flow expired). */
export async function startMigration(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const client = await createIdentityClient();
  return go(client, await beginMigration(client, queryOf(values), locale), locale);
}

/** "Code erneut senden": the same recovery flow sends a new code. */
export async function resendMigrationCode(
  _state: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const query = queryOf(values);
  const client = await createIdentityClient();
  const flowId = values.flow ?? "";
  try {
    await client.call((api) =>
      api.updateRecoveryFlow({
        flow: flowId,
        updateRecoveryFlowBody: {
          method: "code",
          email: query.email,
          csrf_token: values.csrf_token,
          transient_payload: { locale },
        },
      }),
    );
    return go(client, migrationHref(locale, query, { flow: flowId, notice: "resent" }), locale);
  } catch {
    // An expired or finished flow: a new one with a new code.
    return go(client, await beginMigration(client, query, locale), locale);
  }
}

type CodeCheck =
  | { readonly kind: "accepted"; readonly settingsFlowId: string }
  | { readonly kind: "refused" }
  | { readonly kind: "restart" };

/** A correct code answers 422 browser_location_change_required to the settings flow. */
async function checkCode(
  client: IdentityClient,
  values: Record<string, string>,
  locale: Locale,
): Promise<CodeCheck> {
  try {
    await client.call((api) =>
      api.updateRecoveryFlow({
        flow: values.flow ?? "",
        updateRecoveryFlowBody: {
          method: "code",
          code: (values.code ?? "").trim(),
          csrf_token: values.csrf_token,
          transient_payload: { locale },
        },
      }),
    );
    // 200: the flow again with the reason (wrong code, 4060006), shown by the screen.
    return { kind: "refused" };
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    const target = (error.data as { redirect_browser_to?: unknown } | undefined)
      ?.redirect_browser_to;
    const settingsFlowId =
      typeof target === "string" ? new URL(target).searchParams.get("flow") : null;
    if (error.status === 422 && settingsFlowId) return { kind: "accepted", settingsFlowId };
    if (error.status !== 303 && error.status !== 410 && error.status !== 403) {
      await reportError(error, { flow: "migration" });
    }
    return { kind: "restart" };
  }
}

/** Sets the password; true when it was accepted. */
async function setPassword(
  client: IdentityClient,
  settingsFlowId: string,
  password: string,
  csrfToken: string | undefined,
  locale: Locale,
): Promise<boolean> {
  try {
    const csrf =
      csrfToken ?? csrfOf(await client.call((api) => api.getSettingsFlow({ id: settingsFlowId })));
    await client.call((api) =>
      api.updateSettingsFlow({
        flow: settingsFlowId,
        updateSettingsFlowBody: {
          method: "password",
          password,
          csrf_token: csrf,
          transient_payload: { locale },
        },
      }),
    );
    return true;
  } catch (error) {
    if (!(error instanceof IdentityError)) throw error;
    // 400: the flow with the reason on the password (too short, too similar, breached).
    if (error.status !== 400) await reportError(error, { flow: "migration" });
    return false;
  }
}

export async function submitMigration(_state: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData);
  const locale = toLocale(values.locale);
  const query = queryOf(values);
  const hasCodeStep = !values.settings;
  const errors = checkFields(
    {
      ...(hasCodeStep ? { code: "recoveryCode" as const } : {}),
      password: "newPassword",
      repeatPassword: "repeatPassword",
    },
    values,
  );
  if (Object.keys(errors).length > 0) {
    return { values: hasCodeStep ? { code: values.code ?? "" } : {}, errors };
  }
  const client = await createIdentityClient();
  let settingsFlowId = values.settings;
  if (!settingsFlowId) {
    const check = await checkCode(client, values, locale);
    if (check.kind === "refused") {
      return go(client, migrationHref(locale, query, { flow: values.flow }), locale);
    }
    if (check.kind === "restart") {
      return go(
        client,
        migrationHref(locale, query, { error: "self_service_flow_expired" }),
        locale,
      );
    }
    settingsFlowId = check.settingsFlowId;
  }
  const csrf = values.settings ? values.csrf_token : undefined;
  if (!(await setPassword(client, settingsFlowId, values.password ?? "", csrf, locale))) {
    return go(client, migrationHref(locale, query, { settings: settingsFlowId }), locale);
  }
  const onward = query.returnTo
    ? `/api/redirect?${new URLSearchParams({ return_to: query.returnTo })}`
    : "/api/redirect";
  return go(client, onward, locale);
}
