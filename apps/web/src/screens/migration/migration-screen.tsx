import type { RecoveryFlow, SettingsFlow } from "@ory/client-fetch";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { RECOVERY_CODE_INVALID, RECOVERY_CODE_REQUIRED } from "../../flow-engine/form/field-rules";
import type { FieldSpec } from "../../flow-engine/form/field-spec";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { newPasswordFields } from "../../flow-engine/form/new-password-fields";
import { loadFlow } from "../../flow-engine/load-flow";
import { findInput, hiddenFields, nodeField, nodeValue } from "../../flow-engine/nodes";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
import { ErrorNotice, FlowMessages, Screen, TextLink } from "../ui/screen";
import { SuccessNote } from "../ui/success-note";
import { resendMigrationCode, startMigration, submitMigration } from "./actions";

/**
 * User migration: a customer of the old shop sets a password by code. The customer comes from
 * the email the identity service sends after a sign-in attempt or "Passwort vergessen?"
 * (`?flow=`, the recovery flow whose code it carries). Without a flow it offers to send the
 * code; with the recovery flow it takes the code and the new password in one form; after an
 * accepted code whose password was refused (`?settings=`), the password only.
 */
export async function MigrationScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "migration" });
  const common = await getTranslations({ locale, namespace: "common" });
  const returnTo = queryParam(query, "return_to");
  const error = queryParam(query, "error");
  const flowId = queryParam(query, "flow");
  const settingsId = queryParam(query, "settings");
  const format = await kratosFormatter(locale);
  const texts = await errorTexts(locale, {
    [RECOVERY_CODE_REQUIRED]: t("codeRequired"),
    [RECOVERY_CODE_INVALID]: t("codeInvalid"),
  });
  const settings = settingsId
    ? await loadFlow<SettingsFlow>({
        flow: "settings",
        flowId: settingsId,
        locale,
        fetch: (api, id) => api.getSettingsFlow({ id }),
      })
    : undefined;
  const recovery =
    flowId && !settings
      ? await loadFlow<RecoveryFlow>({
          flow: "recovery",
          flowId,
          locale,
          fetch: (api, id) => api.getRecoveryFlow({ id }),
        })
      : undefined;
  // The emailed link carries the flow only: the address is the one its code went to (the
  // resend button's value).
  const email =
    queryParam(query, "email") ??
    (recovery ? nodeValue(findInput(recovery.ui.nodes, "email")) : undefined) ??
    "";
  const base = [
    { name: "email", value: email },
    { name: "locale", value: locale },
    ...(returnTo ? [{ name: "return_to", value: returnTo }] : []),
  ];
  const passwordFields = (flow: SettingsFlow | undefined): FieldSpec[] =>
    newPasswordFields(flow?.ui.nodes ?? [], format, {
      password: t("newPassword"),
      repeatPassword: common("repeatPassword"),
    });
  const back = (
    <p>
      <TextLink href={localizedHref(locale, "/login")} startsFlow>
        {t("backToLogin")}
      </TextLink>
    </p>
  );

  if (settings) {
    return (
      <Screen title={t("title")} intro={t("codeAccepted")} messages={settings.ui.messages}>
        <FlowMessages messages={settings.ui.messages} format={format} />
        <FlowForm
          action={submitMigration}
          label={t("formLabel")}
          hidden={[
            ...hiddenFields(settings.ui.nodes),
            ...base,
            { name: "settings", value: settings.id },
          ]}
          fields={passwordFields(settings)}
          submit={{ label: t("submit") }}
          errorTexts={texts}
        />
      </Screen>
    );
  }

  const codeNode = recovery ? findInput(recovery.ui.nodes, "code") : undefined;
  if (recovery && codeNode) {
    const flowFields = [
      ...hiddenFields(recovery.ui.nodes),
      ...base,
      { name: "flow", value: recovery.id },
    ];
    return (
      <Screen title={t("title")} intro={t("codeSent", { email })} messages={recovery.ui.messages}>
        {error ? <ErrorNotice locale={locale} reason={error} /> : null}
        {queryParam(query, "notice") === "resent" ? (
          <SuccessNote id="migration-resent" title={t("resent")} />
        ) : null}
        <FlowMessages
          messages={recovery.ui.messages?.filter((message) => message.type === "error")}
          format={format}
        />
        <FlowForm
          action={submitMigration}
          label={t("formLabel")}
          hidden={flowFields}
          fields={[
            nodeField(codeNode, format, {
              label: common("code"),
              type: "text",
              inputMode: "numeric",
              autoComplete: "one-time-code",
              rule: "recoveryCode",
              required: true,
              defaultValue: "",
            }),
            ...passwordFields(undefined),
          ]}
          submit={{ label: t("submit") }}
          errorTexts={texts}
        />
        <FlowForm
          action={resendMigrationCode}
          label={common("resendCode")}
          hidden={flowFields}
          fields={[]}
          submit={{ label: common("resendCode"), variant: "link" }}
          errorTexts={{}}
        >
          <p className="text-gray-700">{t("resendQuestion")}</p>
        </FlowForm>
        {back}
      </Screen>
    );
  }

  return (
    <Screen title={t("title")} intro={t("intro")}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      {email ? <p className="text-gray-700">{t("sendText", { email })}</p> : null}
      <FlowForm
        action={startMigration}
        hidden={email ? base : base.filter((field) => field.name !== "email")}
        fields={
          email
            ? []
            : [
                {
                  name: "email",
                  label: common("email"),
                  type: "email",
                  autoComplete: "email",
                  rule: "email",
                  required: true,
                },
              ]
        }
        submit={{ label: t("sendCode") }}
        errorTexts={texts}
      />
      {back}
    </Screen>
  );
}
