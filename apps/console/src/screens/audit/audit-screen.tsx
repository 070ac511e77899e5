import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { type Locale, localizedHref, localizePath } from "../../i18n/locales";
import { ConsoleApiError, consoleApi } from "../../lib/console-api";
import type { SignedInStaff } from "../../lib/staff.server";
import { ScreenHeading } from "../ui/screen";
import { AuditTable } from "./audit-table";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const linkClass = "text-petrol-700 underline underline-offset-4 hover:text-petrol-900";

/**
 * The audit log of one customer (`?customer=`) or one staff member (`?staff=`), 50 entries a
 * page, newest first; `?page=` is the API's page token for older entries.
 */
export async function AuditScreen({
  locale,
  query,
  signedIn,
}: {
  locale: Locale;
  query: Readonly<Record<string, string | undefined>>;
  signedIn: SignedInStaff;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "audit" });
  const customerId = UUID.test(query.customer ?? "") ? query.customer : undefined;
  const staffId = !customerId && UUID.test(query.staff ?? "") ? query.staff : undefined;
  if (!customerId && !staffId) {
    return (
      <>
        <ScreenHeading title={t("title")} intro={t("intro")} />
        <Alert severity="info">
          <p>{t("needFilter")}</p>
        </Alert>
      </>
    );
  }
  let page: Awaited<ReturnType<typeof consoleApi.audit>>;
  try {
    page = await consoleApi.audit(signedIn.actor, {
      ...(customerId ? { customerId } : {}),
      ...(staffId ? { staffId } : {}),
      ...(query.page ? { pageToken: query.page } : {}),
    });
  } catch (error) {
    if (!(error instanceof ConsoleApiError)) throw error;
    if (error.id === "console_forbidden") {
      return (
        <>
          <ScreenHeading title={t("title")} />
          <Alert severity="warning" role="alert">
            <p>{t("forbidden")}</p>
          </Alert>
        </>
      );
    }
    // A page token that is not the API's: start again at the newest entries.
    if (error.id !== "console_bad_request" || !query.page) throw error;
    page = await consoleApi.audit(signedIn.actor, {
      ...(customerId ? { customerId } : {}),
      ...(staffId ? { staffId } : {}),
    });
  }
  const who =
    staffId === signedIn.staff.id
      ? signedIn.staff.email
      : (page.entries.find((entry) => entry.staff_id === staffId)?.staff_email ?? staffId);
  const title = customerId ? t("forCustomer") : t("forStaff", { who: who ?? "" });
  const filter = customerId ? { customer: customerId } : { staff: staffId };
  return (
    <>
      <ScreenHeading title={title} intro={t("intro")}>
        {customerId ? (
          <p className="flex flex-wrap gap-x-4">
            <span className="font-mono text-sm">{t("subject", { id: customerId })}</span>
            <a href={localizePath(locale, `/customers/${customerId}`)} className={linkClass}>
              {t("backToCustomer")}
            </a>
          </p>
        ) : null}
      </ScreenHeading>
      <div className="rounded-control border border-gray-200 bg-surface p-2 mobile:p-4">
        {page.entries.length === 0 ? (
          <p>{t("empty")}</p>
        ) : (
          <AuditTable
            locale={locale}
            entries={page.entries}
            caption={title}
            showTarget={!customerId}
          />
        )}
      </div>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        {query.page ? (
          <a href={localizedHref(locale, "/audit", filter)} className={linkClass}>
            {t("newest")}
          </a>
        ) : null}
        {page.next_page_token ? (
          <a
            href={localizedHref(locale, "/audit", { ...filter, page: page.next_page_token })}
            className={linkClass}
          >
            {t("older")}
          </a>
        ) : null}
      </p>
    </>
  );
}
