import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type Locale, localizedHref } from "../../lib/locale";
import { currentSession } from "../../lib/session.server";
import { FlowForm } from "../form/flow-form";
import { queryParam, type SearchParams } from "../screen-query";
import { ErrorNotice, Screen, TextLink } from "../ui/screen";
import { deleteAccount } from "./actions";
import { signInFirst } from "./recent-session.server";

const DELETED_ITEMS = ["account", "signIn", "social", "newsletter", "sessions"] as const;

/**
 * Account delete: what goes, what the shop keeps by law, the data download and the one button.
 * Only with a recent sign-in; otherwise the customer signs in again and comes back.
 */
export async function AccountDeleteScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "accountDelete" });
  const first = signInFirst(await currentSession(), locale);
  if (first) redirect(first);
  const error = queryParam(query, "error");

  return (
    <Screen title={t("title")} intro={t("intro")}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <section aria-labelledby="deleted-title" className="flex flex-col gap-2">
        <h2 id="deleted-title" className="text-h3 font-bold text-gray-900">
          {t("deletedTitle")}
        </h2>
        <ul className="list-disc pl-6 text-gray-700">
          {DELETED_ITEMS.map((item) => (
            <li key={item}>{t(`deleted.${item}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="kept-title" className="flex flex-col gap-2">
        <h2 id="kept-title" className="text-h3 font-bold text-gray-900">
          {t("keptTitle")}
        </h2>
        <p className="text-gray-700">{t("kept")}</p>
      </section>
      <section aria-labelledby="export-title" className="flex flex-col gap-2">
        <h2 id="export-title" className="text-h3 font-bold text-gray-900">
          {t("exportTitle")}
        </h2>
        <p className="text-gray-700">{t("exportText")}</p>
        <p>
          <TextLink href={`/api/account/export?${new URLSearchParams({ locale })}`}>
            {t("download")}
          </TextLink>
        </p>
      </section>
      <FlowForm
        action={deleteAccount}
        hidden={[{ name: "locale", value: locale }]}
        fields={[]}
        submit={{ label: t("confirm") }}
        errorTexts={{}}
      />
      <TextLink href={localizedHref(locale, "/settings")}>{t("backToSettings")}</TextLink>
    </Screen>
  );
}
