import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { LinkButton } from "../../components/button";
import { type Locale, localizePath } from "../../i18n/locales";
import { ScreenHeading } from "../ui/screen";

/** A page that does not exist, or (`kind="customer"`) an account that does not (any more). */
export async function NotFoundScreen({
  locale,
  kind,
}: {
  locale: Locale;
  kind: "page" | "customer";
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "notFound" });
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <ScreenHeading
        title={kind === "customer" ? t("customerTitle") : t("title")}
        intro={kind === "customer" ? t("customerText") : t("text")}
      />
      <div>
        <LinkButton href={localizePath(locale, "/")}>{t("home")}</LinkButton>
      </div>
    </div>
  );
}
