import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type Locale, localizedHref } from "../../lib/locale";
import { LinkButton } from "../ui/screen";
import { DELETE_PATH } from "./recent-session.server";

/** Settings: the way to Account delete (a plain link, so the screen loads as a document). */
export async function AccountDeleteSection({
  locale,
}: {
  locale: Locale;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "accountDelete" });
  return (
    <section aria-labelledby="delete-title" className="flex flex-col gap-4">
      <h2 id="delete-title" className="text-h2 font-bold text-gray-900">
        {t("title")}
      </h2>
      <p className="text-gray-700">{t("settingsText")}</p>
      <LinkButton href={localizedHref(locale, DELETE_PATH)} variant="secondary">
        {t("title")}
      </LinkButton>
    </section>
  );
}
