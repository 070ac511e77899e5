import { isSupportEvent } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { FlowForm } from "../../flow-engine/form/flow-form";
import { queryParam, type SearchParams } from "../../flow-engine/screen-query";
import { timeZone } from "../../i18n/routing";
import { type Locale, localizedHref } from "../../lib/locale";
import { ErrorNotice, LinkButton, Screen, TextLink } from "../ui/screen";
import { type ActivityEntry, describeSecurityLink } from "./account-activity.server";
import { confirmSecurityLink } from "./actions";
import { dateTimeFormat, deviceName, eventTitle } from "./event-text";

/**
 * "Das war ich nicht" and "Änderung rückgängig machen": the screens a security notice's link
 * opens (`/security/not-me`, `/security/undo-email-change`). Opening one changes nothing (mail
 * scanners open links too); the one button does it all, and the customer goes on to the
 * recovery code and a new password. A plain form, so it works without JavaScript.
 */
export async function SecurityLinkScreen({
  locale,
  query,
}: {
  locale: Locale;
  query: SearchParams;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "security" });
  const token = queryParam(query, "token") ?? "";
  const error = queryParam(query, "error");
  const link = await describeSecurityLink(token);
  if (!link) {
    return (
      <Screen title={t("invalid.title")} intro={t("invalid.text")}>
        <LinkButton href={localizedHref(locale, "/recovery")} startsFlow>
          {t("invalid.recovery")}
        </LinkButton>
        <p>
          <TextLink href={localizedHref(locale, "/login")} startsFlow>
            {t("invalid.login")}
          </TextLink>
        </p>
      </Screen>
    );
  }
  const undo = link.kind === "undo_email_change";
  const details = link.event?.details ?? {};
  const addresses = {
    oldAddress: typeof details.old_address === "string" ? details.old_address : "",
    newAddress: typeof details.new_address === "string" ? details.new_address : "",
  };
  const texts = undo ? "undo" : "notMe";
  return (
    <Screen title={t(`${texts}.title`)} intro={t(`${texts}.intro`, addresses)}>
      {error ? <ErrorNotice locale={locale} reason={error} /> : null}
      <ol className="list-decimal pl-6 text-gray-700">
        {(["step1", "step2", "step3"] as const).map((step) => (
          <li key={step}>{t(`${texts}.${step}`, addresses)}</li>
        ))}
      </ol>
      {link.event && !undo ? <ReportedEvent locale={locale} entry={link.event} /> : null}
      <FlowForm
        action={confirmSecurityLink}
        label={t(`${texts}.title`)}
        hidden={[
          { name: "token", value: token },
          { name: "locale", value: locale },
          { name: "screen", value: undo ? "/security/undo-email-change" : "/security/not-me" },
        ]}
        fields={[]}
        submit={{ label: t(`${texts}.confirm`) }}
        errorTexts={{}}
      />
    </Screen>
  );
}

async function ReportedEvent({
  locale,
  entry,
}: {
  locale: Locale;
  entry: ActivityEntry;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "security" });
  const when = dateTimeFormat(locale, timeZone).format(new Date(entry.occurred_at));
  return (
    <section aria-labelledby="reported-title" className="flex flex-col gap-1">
      <h2 id="reported-title" className="text-h3 font-bold text-gray-900">
        {t("reported")}
      </h2>
      <p className="font-medium text-gray-900">{eventTitle(t, entry)}</p>
      <p className="text-gray-700">{t("when", { date: when })}</p>
      <p className="text-gray-700">
        {t("device", {
          // What the customer service did came from no device of the customer's.
          device: isSupportEvent(entry.type)
            ? t("byCustomerService")
            : (deviceName(entry) ?? t("unknownDevice")),
        })}
      </p>
      {entry.ip_address ? (
        <p className="text-gray-700">{t("ipAddress", { ip: entry.ip_address })}</p>
      ) : null}
    </section>
  );
}
