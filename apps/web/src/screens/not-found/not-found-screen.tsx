import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { LinkButton, Screen } from "../../flows/ui/screen";
import { type Locale, localizePath } from "../../lib/locale";

export async function NotFoundScreen({ locale }: { locale: Locale }): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "notFound" });
  const common = await getTranslations({ locale, namespace: "common" });
  return (
    <Screen title={t("title")} intro={t("text")}>
      <LinkButton href={localizePath(locale, "/")}>{common("home")}</LinkButton>
    </Screen>
  );
}
