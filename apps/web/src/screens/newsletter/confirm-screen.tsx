import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { ErrorNotice, LinkButton, Screen } from "../ui/screen";
import { confirmNewsletter } from "./actions";

/**
 * The page the confirmation email links to (`?token=`). Opening it changes nothing: only its
 * button (a POST) confirms, so mail scanners that open links cannot subscribe anyone. The
 * answer comes back as `?result=`.
 */
export async function NewsletterConfirmScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "newsletter" });
  const result = queryParam(query, "result");
  const token = queryParam(query, "token");
  const settings = (
    <LinkButton href={localizedHref(locale, "/settings")} variant="secondary" startsFlow>
      {t("toSettings")}
    </LinkButton>
  );

  if (result === "confirmed") {
    return (
      <Screen title={t("confirmedTitle")}>
        <Alert severity="success">{t("confirmedText")}</Alert>
      </Screen>
    );
  }
  if (result === "failed") {
    return (
      <Screen title={t("confirmTitle")}>
        <ErrorNotice locale={locale} reason="generic" />
      </Screen>
    );
  }
  if (result === "invalid" || result === "expired" || !token) {
    return (
      <Screen title={t("confirmTitle")}>
        <Alert severity="error">{t(result === "expired" ? "expiredLink" : "invalidLink")}</Alert>
        {settings}
      </Screen>
    );
  }
  return (
    <Screen title={t("confirmTitle")} intro={t("confirmIntro")}>
      <FlowForm
        action={confirmNewsletter}
        hidden={[
          { name: "token", value: token },
          { name: "locale", value: locale },
        ]}
        fields={[]}
        submit={{ label: t("confirmButton") }}
        errorTexts={{}}
      />
    </Screen>
  );
}
