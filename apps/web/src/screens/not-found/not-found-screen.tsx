import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type Locale, localizePath } from "../../lib/locale";
import { LinkButton, Screen } from "../ui/screen";

export async function NotFoundScreen({ locale }: { locale: Locale }): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "notFound" });
  const common = await getTranslations({ locale, namespace: "common" });
  return (
    <Screen title={t("title")} intro={t("text")}>
      <LinkButton href={localizePath(locale, "/")}>{common("home")}</LinkButton>
    </Screen>
  );
}
