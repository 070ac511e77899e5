import type { ConsoleCustomer } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Input } from "../../components/field";
import { datesFor } from "../ui/format";
import { Card, DataTable, Facts } from "../ui/screen";
import { ChangeForm, type FormBase } from "./change-form";

// The customer page's first parts: the profile with its addresses (and correcting the name),
// the newsletter consent with its history, and the sign-in methods (never a secret).

export async function ProfileSection({
  base,
  customer,
  mayCorrect,
}: {
  base: FormBase;
  customer: ConsoleCustomer;
  mayCorrect: boolean;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.profile" });
  const dates = await datesFor(base.locale);
  const { name, email } = customer.traits;
  const locale = customer.locale === "de" || customer.locale === "en" ? customer.locale : undefined;
  return (
    <Card id="profile" title={t("title")}>
      <Facts
        items={[
          { term: t("name"), value: [name.first, name.last].filter(Boolean).join(" ") || "–" },
          { term: t("email"), value: email },
          {
            term: t("customerId"),
            value: <span className="font-mono text-sm">{customer.id}</span>,
          },
          { term: t("created"), value: dates.dateTime(customer.created_at) },
          { term: t("updated"), value: dates.dateTime(customer.updated_at) },
          { term: t("locale"), value: locale ? t(`locales.${locale}`) : (customer.locale ?? "–") },
          {
            term: t("addresses"),
            value: (
              <ul className="flex flex-col gap-1">
                {customer.verifiable_addresses.map((address) => (
                  <li key={address.value}>
                    <span className="break-all">{address.value}</span>{" "}
                    <span className="text-gray-700">
                      (
                      {address.verified
                        ? t("verified", { date: dates.date(address.verified_at) })
                        : t("unverified")}
                      )
                    </span>
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
      {mayCorrect ? (
        <details className="group">
          <summary className="cursor-pointer font-semibold text-petrol-700 underline underline-offset-4">
            {t("correct")}
          </summary>
          <div className="mt-4">
            <ChangeForm base={base} action="name.correct" submit={t("save")}>
              <div className="flex flex-col gap-4 mobile:flex-row">
                <Input
                  name="first"
                  label={t("first")}
                  defaultValue={name.first}
                  required
                  maxLength={100}
                  autoComplete="off"
                  className="flex-1"
                />
                <Input
                  name="last"
                  label={t("last")}
                  defaultValue={name.last}
                  required
                  maxLength={100}
                  autoComplete="off"
                  className="flex-1"
                />
              </div>
            </ChangeForm>
          </div>
        </details>
      ) : null}
    </Card>
  );
}

export async function NewsletterSection({
  base,
  customer,
}: {
  base: FormBase;
  customer: ConsoleCustomer;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.newsletter" });
  const dates = await datesFor(base.locale);
  const { newsletter } = customer;
  return (
    <Card id="newsletter" title={t("title")}>
      <Facts items={[{ term: t("status"), value: t(`states.${newsletter.status ?? "none"}`) }]} />
      {newsletter.pending ? (
        <p>
          {t("pending", {
            requested: dates.dateTime(newsletter.pending.requested_at),
            expires: dates.dateTime(newsletter.pending.expires_at),
          })}
        </p>
      ) : null}
      <h3 className="text-h5">{t("history")}</h3>
      {newsletter.history.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <DataTable
          caption={t("history")}
          columns={[
            t("columns.event"),
            t("columns.at"),
            t("columns.locale"),
            t("columns.textVersion"),
          ]}
          rows={newsletter.history.map((entry, index) => ({
            key: `${entry.at}-${index}`,
            cells: [
              t(`events.${entry.event}`),
              dates.dateTime(entry.at),
              entry.locale ?? "–",
              entry.text_version ?? "–",
            ],
          }))}
        />
      )}
    </Card>
  );
}

export async function MethodsSection({
  base,
  customer,
  mayReset,
}: {
  base: FormBase;
  customer: ConsoleCustomer;
  mayReset: boolean;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.methods" });
  const dates = await datesFor(base.locale);
  const methods = customer.sign_in_methods;
  const setUp = (value: boolean): string => (value ? t("set") : t("notSet"));
  return (
    <Card id="methods" title={t("title")}>
      <p className="text-sm text-gray-700">{t("intro")}</p>
      <Facts
        items={[
          { term: t("password"), value: setUp(methods.password) },
          {
            term: t("passkeys"),
            value:
              methods.passkeys.length === 0 ? (
                t("count", { count: 0 })
              ) : (
                <ul>
                  {methods.passkeys.map((passkey) => (
                    <li key={`${passkey.name}-${passkey.added_at}`}>
                      {passkey.added_at
                        ? t("passkey", { name: passkey.name, date: dates.date(passkey.added_at) })
                        : t("passkeyNoDate", { name: passkey.name })}
                    </li>
                  ))}
                </ul>
              ),
          },
          { term: t("totp"), value: setUp(methods.totp) },
          {
            term: t("backupCodes"),
            value:
              methods.backup_codes_left === null
                ? t("notSet")
                : t("backupCodesLeft", { count: methods.backup_codes_left }),
          },
          { term: t("securityKeys"), value: t("count", { count: methods.security_keys }) },
          {
            term: t("social"),
            value: methods.social.length
              ? methods.social.map((link) => capitalize(link.provider)).join(", ")
              : t("count", { count: 0 }),
          },
          { term: t("code"), value: setUp(methods.code) },
        ]}
      />
      {mayReset ? (
        <details>
          <summary className="cursor-pointer font-semibold text-petrol-700 underline underline-offset-4">
            {t("reset")}
          </summary>
          <div className="mt-4 flex flex-col gap-4">
            <p>{t("resetText")}</p>
            <ChangeForm
              base={base}
              action="second_factors.reset"
              submit={t("resetSubmit")}
              variant="secondary"
            />
          </div>
        </details>
      ) : null}
    </Card>
  );
}

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
