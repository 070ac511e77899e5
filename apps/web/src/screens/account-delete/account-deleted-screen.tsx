import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { type Locale, localizedHref } from "../../lib/locale";
import { LinkButton, Screen } from "../ui/screen";

/** After the deletion: needs no session (there is none any more). */
export async function AccountDeletedScreen({
  locale,
}: {
  locale: Locale;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "accountDelete" });
  return (
    <Screen title={t("doneTitle")}>
      <Alert severity="success">{t("doneText")}</Alert>
      <LinkButton href={localizedHref(locale, "/")} variant="secondary">
        {t("home")}
      </LinkButton>
    </Screen>
  );
}
