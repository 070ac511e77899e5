import type { ConsoleActivityEntry, ConsoleCustomer } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { RadioGroup } from "../../components/field";
import type { Locale } from "../../i18n/locales";
import { datesFor } from "../ui/format";
import { Card, DataTable } from "../ui/screen";
import { ChangeForm, type FormBase } from "./change-form";

// Sessions (device, address, last activity; end one or all) and the account activity of the
// last 90 days, as the customer sees it in their own account app, plus whether a notice went out.

export async function SessionsSection({
  base,
  customer,
  mayEnd,
}: {
  base: FormBase;
  customer: ConsoleCustomer;
  mayEnd: boolean;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.sessions" });
  const dates = await datesFor(base.locale);
  const device = (name: string): string => name || t("unknownDevice");
  return (
    <Card id="sessions" title={t("title")}>
      {customer.sessions.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <DataTable
          caption={t("title")}
          columns={[
            t("columns.device"),
            t("columns.ip"),
            t("columns.lastActive"),
            t("columns.signedIn"),
            t("columns.level"),
          ]}
          rows={customer.sessions.map((session) => ({
            key: session.id,
            cells: [
              device(session.device),
              session.ip_address ?? "–",
              dates.dateTime(session.last_active_at),
              dates.dateTime(session.authenticated_at),
              t(`levels.${session.aal}`),
            ],
          }))}
        />
      )}
      {mayEnd && customer.sessions.length > 0 ? (
        <>
          <h3 className="text-h5">{t("end")}</h3>
          <p>{t("endText")}</p>
          <ChangeForm base={base} action="sessions.revoke" submit={t("submit")}>
            <RadioGroup
              legend={t("which")}
              name="session"
              defaultValue="all"
              required
              options={[
                { value: "all", label: t("all") },
                ...customer.sessions.map((session) => ({
                  value: session.id,
                  label: t("one", {
                    device: device(session.device),
                    ip: session.ip_address ?? "–",
                    date: dates.dateTime(session.last_active_at),
                  }),
                })),
              ]}
            />
          </ChangeForm>
        </>
      ) : null}
    </Card>
  );
}

/** An activity entry's text, with what it names (method, passkey, provider, address). */
async function eventText(locale: Locale, entry: ConsoleActivityEntry): Promise<string> {
  const t = await getTranslations({ locale, namespace: "events" });
  const details = entry.details ?? {};
  const named = (key: string): string => {
    const value = details[key];
    return typeof value === "string" && value ? value : "–";
  };
  const method = named("method");
  const values = {
    method: t.has(`methods.${method}`) ? t(`methods.${method}`) : method,
    name: named("name"),
    provider: named("provider_label") !== "–" ? named("provider_label") : named("provider"),
    newAddress: named("new_address"),
    scope: details.scope === "one" ? "one" : "other",
    count: entry.count ?? 0,
  };
  return t.has(entry.type) ? t(entry.type, values) : t("other", { type: entry.type });
}

export async function ActivitySection({
  locale,
  customer,
}: {
  locale: Locale;
  customer: ConsoleCustomer;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "customer.activity" });
  const dates = await datesFor(locale);
  const texts = await Promise.all(customer.activity.map((entry) => eventText(locale, entry)));
  return (
    <Card id="activity" title={t("title")}>
      {customer.activity.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <DataTable
          caption={t("title")}
          columns={[
            t("columns.event"),
            t("columns.at"),
            t("columns.device"),
            t("columns.ip"),
            t("columns.notice"),
          ]}
          rows={customer.activity.map((entry, index) => ({
            key: `${entry.type}-${entry.occurred_at}-${index}`,
            cells: [
              texts[index],
              dates.dateTime(entry.occurred_at),
              entry.device ?? "–",
              entry.ip_address || "–",
              entry.notice_sent ? t("noticeSent") : t("noNotice"),
            ],
          }))}
        />
      )}
    </Card>
  );
}
