import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type Locale, localizedHref } from "../../lib/locale";
import { LinkButton } from "../ui/screen";
import { SETTINGS_CARD, SETTINGS_CARD_TITLE } from "../ui/settings-card";
import { DELETE_PATH } from "./recent-session.server";

/** Settings: the way to Account delete (a plain link, so the screen loads as a document). */
export async function AccountDeleteSection({
  locale,
}: {
  locale: Locale;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "accountDelete" });
  return (
    <section aria-labelledby="delete-title" className={SETTINGS_CARD}>
      <h2 id="delete-title" className={SETTINGS_CARD_TITLE}>
        {t("title")}
      </h2>
      <p className="text-gray-700">{t("settingsText")}</p>
      <LinkButton href={localizedHref(locale, DELETE_PATH)} variant="secondary">
        {t("title")}
      </LinkButton>
    </section>
  );
}
