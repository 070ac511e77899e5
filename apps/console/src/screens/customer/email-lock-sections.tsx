import type { ConsoleCustomer } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Input, RadioGroup } from "../../components/field";
import { datesFor } from "../ui/format";
import { Card, DataTable } from "../ui/screen";
import { ChangeForm, type FormBase } from "./change-form";

// The emails the outbox sent the customer (template, status, attempts, last error) with "send
// again", and the account's lock: until unlocked or until a date, and lifting it.

export async function EmailsSection({
  base,
  customer,
  mayResend,
}: {
  base: FormBase;
  customer: ConsoleCustomer;
  mayResend: boolean;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.emails" });
  const dates = await datesFor(base.locale);
  const template = (type: string): string =>
    t.has(`templates.${type}`) ? t(`templates.${type}`) : t("templates.other", { type });
  return (
    <Card id="emails" title={t("title")}>
      {customer.emails.length === 0 ? (
        <p>{t("empty")}</p>
      ) : (
        <DataTable
          caption={t("title")}
          columns={[
            t("columns.template"),
            t("columns.to"),
            t("columns.status"),
            t("columns.attempts"),
            t("columns.lastError"),
            t("columns.created"),
            t("columns.sent"),
          ]}
          rows={customer.emails.map((email) => ({
            key: email.id,
            cells: [
              template(email.template_type),
              <span key="to" className="break-all">
                {email.to}
              </span>,
              t(`states.${email.status}`),
              String(email.send_count),
              email.last_error ?? "–",
              dates.dateTime(email.created_at),
              dates.dateTime(email.sent_at),
            ],
          }))}
        />
      )}
      {mayResend ? (
        <>
          <h3 className="text-h5">{t("resend")}</h3>
          <p>{t("resendText")}</p>
          <ChangeForm base={base} action="email.resend" submit={t("submit")} variant="secondary">
            <RadioGroup
              legend={t("which")}
              name="kind"
              defaultValue="verification"
              required
              options={[
                { value: "verification", label: t("kinds.verification") },
                { value: "recovery", label: t("kinds.recovery") },
              ]}
            />
          </ChangeForm>
        </>
      ) : null}
    </Card>
  );
}

export async function LockSection({
  base,
  customer,
  mayLock,
}: {
  base: FormBase;
  customer: ConsoleCustomer;
  mayLock: boolean;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale: base.locale, namespace: "customer.lock" });
  const dates = await datesFor(base.locale);
  const { lock } = customer;
  return (
    <Card id="lock" title={t("title")}>
      {lock.locked ? (
        <div className="flex flex-col gap-1">
          <p className="font-semibold text-danger">
            {t("locked", {
              since: dates.dateTime(lock.since),
              until: lock.until
                ? t("untilDate", { until: dates.dateTime(lock.until) })
                : t("untilUnlocked"),
            })}
          </p>
          {lock.reason ? <p>{t("reason", { reason: lock.reason })}</p> : null}
        </div>
      ) : (
        <p>{t("unlocked")}</p>
      )}
      {mayLock && !lock.locked ? (
        <>
          <h3 className="text-h5">{t("lock")}</h3>
          <p>{t("lockText")}</p>
          <ChangeForm base={base} action="account.lock" submit={t("submitLock")} variant="danger">
            <RadioGroup
              legend={t("howLong")}
              name="duration"
              defaultValue="forever"
              required
              options={[
                { value: "forever", label: t("forever") },
                { value: "until", label: t("until") },
              ]}
            />
            <Input name="until" type="date" label={t("date")} hint={t("dateHint")} />
          </ChangeForm>
        </>
      ) : null}
      {mayLock && lock.locked ? (
        <>
          <h3 className="text-h5">{t("unlock")}</h3>
          <ChangeForm base={base} action="account.unlock" submit={t("submitUnlock")} />
        </>
      ) : null}
    </Card>
  );
}
