import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { type Locale, localizedHref } from "../../lib/locale";
import { currentSession } from "../../lib/session.server";
import { ErrorNotice, Screen, TextLink } from "../ui/screen";
import { deleteAccount } from "./actions";
import { CONFIRM_EMAIL_FIELD, CONFIRM_EMAIL_MISMATCH, emailOfSession } from "./delete-confirmation";
import { signInFirst } from "./recent-session.server";

const DELETED_ITEMS = ["account", "signIn", "social", "newsletter", "sessions"] as const;

/**
 * Account delete: what goes, what the shop keeps by law, the data download, and the red button
 * that only works with the account's email address typed out (delete-confirmation.ts).
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
  const session = await currentSession();
  const first = signInFirst(session, locale);
  if (first) redirect(first);
  const error = queryParam(query, "error");
  const email = emailOfSession(session) ?? "";

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
      <p className="text-gray-700">{t("confirmEmailHint", { email })}</p>
      <FlowForm
        action={deleteAccount}
        hidden={[{ name: "locale", value: locale }]}
        fields={[
          {
            name: CONFIRM_EMAIL_FIELD,
            label: t("confirmEmail"),
            type: "email",
            autoComplete: "off",
            inputMode: "email",
            required: true,
          },
        ]}
        submit={{ label: t("confirm"), variant: "danger" }}
        errorTexts={{ [CONFIRM_EMAIL_MISMATCH]: t(CONFIRM_EMAIL_MISMATCH) }}
      />
      <TextLink href={localizedHref(locale, "/settings")}>{t("backToSettings")}</TextLink>
    </Screen>
  );
}
