import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { newPasswordFields } from "../../flow-engine/form/new-password-fields";
import { loadScreenFlow } from "../../flow-engine/load-flow";
import { hiddenFields } from "../../flow-engine/nodes";
import type { SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { errorTexts, kratosFormatter } from "../ui/i18n.server";
import { ErrorNotice, FlowMessages, Screen, ScreenRoot, TextLink } from "../ui/screen";
import { submitPassword } from "./actions";

/** Update password: after recovery (the flow carries 1060001) and from settings. */
export async function SettingsPasswordScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "settings" });
  const common = await getTranslations({ locale, namespace: "common" });
  const loaded = await loadScreenFlow({
    flow: "settings",
    screenPath: "/settings",
    locale,
    query,
    fetch: (api, id) => api.getSettingsFlow({ id }),
  });
  if (!loaded.flow)
    return <ScreenRoot locale={locale} title={t("passwordTitle")} {...loaded.root} />;
  const { flow, error } = loaded;

  const format = await kratosFormatter(locale);

  return (
    <Screen title={t("passwordTitle")} intro={t("passwordScreenIntro")} messages={flow.ui.messages}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <FlowMessages messages={flow.ui.messages} format={format} />
      <FlowForm
        action={submitPassword}
        label={t("passwordTitle")}
        hidden={[
          ...hiddenFields(flow.ui.nodes),
          { name: "flow", value: flow.id },
          { name: "locale", value: locale },
        ]}
        fields={newPasswordFields(flow.ui.nodes, format, {
          password: t("newPassword"),
          repeatPassword: common("repeatPassword"),
        })}
        submit={{ label: common("save") }}
        errorTexts={await errorTexts(locale)}
      />
      <p>
        <TextLink href={localizedHref(locale, "/settings")} startsFlow>
          {t("backToSettings")}
        </TextLink>
      </p>
    </Screen>
  );
}
