import { isSupportEvent } from "@moos/contract";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { timeZone } from "../../i18n/routing";
import { config } from "../../lib/config";
import { type Locale, localizedHref } from "../../lib/locale";
import { Screen, TextLink } from "../ui/screen";
import { type ActivityEntry, loadAccountActivity } from "./account-activity.server";
import { dateTimeFormat, deviceName, eventTitle } from "./event-text";

/**
 * Account activity (`/settings/activity`): the last 90 days of security events, newest first,
 * each with what, when, device and address; failed sign-ins counted per day.
 */
export async function ActivityScreen({ locale }: { locale: Locale }): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "security" });
  const result = await loadAccountActivity();
  if (result.kind === "signed-out") {
    const back = `${config.publicBaseUrl}${localizedHref(locale, "/settings/activity")}`;
    redirect(localizedHref(locale, "/login", { return_to: back }));
  }
  const format = dateTimeFormat(locale, timeZone);

  function details(entry: ActivityEntry): string {
    const when = new Date(entry.occurred_at);
    // What the customer service did: no device or address (they would be the staff member's).
    if (isSupportEvent(entry.type))
      return [format.format(when), t("byCustomerService")].join(" · ");
    return [
      entry.type === "login_failed"
        ? t("activity.lastAttempt", { date: format.format(when) })
        : format.format(when),
      deviceName(entry) ?? t("unknownDevice"),
      entry.ip_address,
    ]
      .filter(Boolean)
      .join(" · ");
  }

  return (
    <Screen title={t("activity.title")} intro={t("activity.intro")}>
      {result.kind === "unavailable" ? (
        <Alert severity="warning">{t("activity.unavailable")}</Alert>
      ) : result.activity.events.length === 0 ? (
        <p className="text-gray-700">{t("activity.empty")}</p>
      ) : (
        <>
          <ul aria-label={t("activity.listLabel")} className="flex flex-col gap-3">
            {result.activity.events.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col rounded-control border border-gray-300 p-4"
              >
                <p className="font-medium text-gray-900">{eventTitle(t, entry)}</p>
                <p className="text-sm text-gray-700">{details(entry)}</p>
              </li>
            ))}
          </ul>
          <p className="text-gray-700">{t("activity.notYou")}</p>
        </>
      )}
      <p>
        <TextLink href={localizedHref(locale, "/settings")}>
          {t("activity.backToSettings")}
        </TextLink>
      </p>
    </Screen>
  );
}
