import { type ConsoleCustomer, roleMay, type StaffRole, staffRoles } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { type Locale, localizePath } from "../../i18n/locales";
import { ConsoleApiError, consoleApi } from "../../lib/console-api";
import type { SignedInStaff } from "../../lib/staff.server";
import { AuditTable } from "../audit/audit-table";
import { NotFoundScreen } from "../not-found/not-found-screen";
import { Outcome } from "../ui/outcome";
import { Badge, Card, ScreenHeading } from "../ui/screen";
import { DeleteSection, ExportSection, RoleSection } from "./admin-sections";
import type { FormBase } from "./change-form";
import { EmailsSection, LockSection } from "./email-lock-sections";
import { MethodsSection, NewsletterSection, ProfileSection } from "./profile-sections";
import { ActivitySection, SessionsSection } from "./session-sections";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The customer; "not found" for an unknown (or deleted) one, "forbidden" when the account's role
 * is above the staff member's.
 */
async function loadCustomer(
  signedIn: SignedInStaff,
  id: string,
): Promise<ConsoleCustomer | "not found" | "forbidden"> {
  if (!UUID.test(id)) return "not found";
  try {
    return await consoleApi.customer(signedIn.actor, id);
  } catch (error) {
    if (error instanceof ConsoleApiError && error.id === "console_customer_not_found") {
      return "not found";
    }
    if (error instanceof ConsoleApiError && error.id === "console_forbidden") return "forbidden";
    throw error;
  }
}

function isHigher(role: StaffRole | null, than: StaffRole): boolean {
  return role !== null && staffRoles.indexOf(role) > staffRoles.indexOf(than);
}

/**
 * One customer: everything the customer service may know about the account, and the changes
 * the staff member's role allows, each with a reason. Opening it is audited by the identity
 * service. The forms a staff member may not use are not shown; the identity service refuses
 * them all the same.
 */
export async function CustomerScreen({
  locale,
  id,
  query,
  signedIn,
}: {
  locale: Locale;
  id: string;
  query: Readonly<Record<string, string | undefined>>;
  signedIn: SignedInStaff;
}): Promise<React.JSX.Element> {
  const customer = await loadCustomer(signedIn, id);
  const t = await getTranslations({ locale, namespace: "customer" });
  // Rendered here rather than with Next's notFound(): thrown from a dynamic page, that shows
  // only once the browser's JavaScript runs, and the console works without it.
  if (customer === "not found") return <NotFoundScreen locale={locale} kind="customer" />;
  if (customer === "forbidden") {
    return (
      <>
        <ScreenHeading title={t("title")} />
        <Alert severity="warning" role="alert">
          <p>{t("forbidden")}</p>
        </Alert>
      </>
    );
  }
  const common = await getTranslations({ locale, namespace: "common" });
  const role = signedIn.staff.role;
  const own = customer.id === signedIn.staff.id;
  const higher = isHigher(customer.staff_role, role);
  const may = (action: Parameters<typeof roleMay>[1]): boolean =>
    roleMay(role, action) && !own && !higher;
  const base: FormBase = { locale, signedIn, customerId: customer.id, version: customer.version };
  const { name, email } = customer.traits;
  const fullName = [name.first, name.last].filter(Boolean).join(" ") || email;
  const sections = [
    ["profile", t("profile.title")],
    ["newsletter", t("newsletter.title")],
    ["methods", t("methods.title")],
    ["sessions", t("sessions.title")],
    ["activity", t("activity.title")],
    ["emails", t("emails.title")],
    ["lock", t("lock.title")],
    ...(may("staff.role_change") ? [["role", t("role.title")]] : []),
    ...(may("data.export") ? [["export", t("export.title")]] : []),
    ...(may("account.delete") ? [["delete", t("delete.title")]] : []),
    ["audit", t("audit.title")],
  ] as const;
  return (
    <>
      <ScreenHeading title={fullName}>
        <p className="break-all text-gray-700">{email}</p>
        <p className="font-mono text-sm text-gray-700">{t("id", { id: customer.id })}</p>
        <p className="flex flex-wrap gap-2">
          <Badge tone={customer.state === "active" ? "success" : "neutral"}>
            {t(`badges.${customer.state}`)}
          </Badge>
          {customer.lock.locked ? <Badge tone="danger">{t("badges.locked")}</Badge> : null}
          {customer.staff_role ? (
            <Badge tone="info">
              {t("badges.staff", { role: common(`roles.${customer.staff_role}`) })}
            </Badge>
          ) : null}
        </p>
      </ScreenHeading>
      <Outcome locale={locale} query={query} />
      {own ? (
        <Alert severity="info">
          <p>{t("ownAccount")}</p>
        </Alert>
      ) : null}
      {higher ? (
        <Alert severity="info">
          <p>{t("higherRole")}</p>
        </Alert>
      ) : null}
      {!own && !higher && role === "viewer" ? (
        <Alert severity="info">
          <p>{t("readOnly")}</p>
        </Alert>
      ) : null}
      <nav aria-label={t("sections")}>
        <ul className="flex flex-wrap gap-x-4 gap-y-1">
          {sections.map(([anchor, title]) => (
            <li key={anchor}>
              <a href={`#${anchor}`} className="text-petrol-700 underline underline-offset-4">
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileSection base={base} customer={customer} mayCorrect={may("name.correct")} />
        <NewsletterSection base={base} customer={customer} />
        <MethodsSection base={base} customer={customer} mayReset={may("second_factors.reset")} />
        <LockSection base={base} customer={customer} mayLock={may("account.lock")} />
      </div>
      <SessionsSection base={base} customer={customer} mayEnd={may("sessions.revoke")} />
      <ActivitySection locale={locale} customer={customer} />
      <EmailsSection base={base} customer={customer} mayResend={may("email.resend")} />
      {may("staff.role_change") ? (
        <RoleSection base={base} current={customer.staff_role} mayChange />
      ) : null}
      {may("data.export") ? <ExportSection base={base} /> : null}
      {may("account.delete") ? <DeleteSection base={base} customer={customer} /> : null}
      <Card id="audit" title={t("audit.title")}>
        <AuditTable
          locale={locale}
          entries={customer.audit}
          caption={t("audit.title")}
          showTarget={false}
        />
        <p>
          <a
            href={`${localizePath(locale, "/audit")}?customer=${customer.id}`}
            className="text-petrol-700 underline underline-offset-4"
          >
            {t("audit.all")}
          </a>
        </p>
      </Card>
    </>
  );
}
