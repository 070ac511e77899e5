import { staffRoles } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { Alert } from "../../components/alert";
import { type Locale, localizePath } from "../../i18n/locales";
import { actionKey } from "../../i18n/messages";
import { consoleApi } from "../../lib/console-api";
import type { SignedInStaff } from "../../lib/staff.server";
import { RoleForm } from "../customer/admin-sections";
import { hasRecentSignIn } from "../customer/change-form";
import { datesFor } from "../ui/format";
import { Outcome } from "../ui/outcome";
import { Badge, Card, ScreenHeading } from "../ui/screen";

const linkClass = "text-petrol-700 underline underline-offset-4 hover:text-petrol-900";

/**
 * The team (admins only): every staff member, their role and since when, their last actions,
 * and changing a role (after a recent sign-in). Role changes are audited like every action.
 */
export async function StaffScreen({
  locale,
  query,
  signedIn,
}: {
  locale: Locale;
  query: Readonly<Record<string, string | undefined>>;
  signedIn: SignedInStaff;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "staff" });
  if (signedIn.staff.role !== "admin") {
    return (
      <>
        <ScreenHeading title={t("title")} />
        <Alert severity="info">
          <p>{t("forbidden")}</p>
        </Alert>
      </>
    );
  }
  const staff = await consoleApi.staff(signedIn.actor);
  const common = await getTranslations({ locale, namespace: "common" });
  const audit = await getTranslations({ locale, namespace: "audit" });
  const reauth = await getTranslations({ locale, namespace: "customer.reauth" });
  const dates = await datesFor(locale);
  const recent = hasRecentSignIn(signedIn, Math.floor(Date.now() / 1000));
  const reauthHref = `/auth/login?${new URLSearchParams({ reauth: "1", return_to: localizePath(locale, "/staff"), lang: locale })}`;
  return (
    <>
      <ScreenHeading title={t("title")} intro={t("intro")} />
      <Outcome locale={locale} query={query} />
      <Card id="roles" title={t("rolesTitle")}>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {staffRoles.map((role) => (
            <li key={role}>{t(`roles.${role}`)}</li>
          ))}
        </ul>
        <p className="text-sm text-gray-700">{t("grantHint")}</p>
      </Card>
      {recent ? null : (
        <p className="flex flex-wrap items-center gap-3">
          <span>{reauth("text")}</span>
          <a href={reauthHref} className={linkClass}>
            {reauth("button")}
          </a>
        </p>
      )}
      <ul className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {staff.map((member) => {
          const name =
            [member.name.first, member.name.last].filter(Boolean).join(" ") || member.email;
          const isMe = member.id === signedIn.staff.id;
          return (
            <li key={member.id}>
              <Card id={`staff-${member.id}`} title={name} level={2} as="article">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge tone="info">{common(`roles.${member.role}`)}</Badge>
                  <span className="text-sm text-gray-700">
                    {t("since", { date: dates.date(member.granted_at) })}
                  </span>
                </p>
                <p className="break-all">{member.email}</p>
                <p className="flex flex-wrap gap-x-4 gap-y-1">
                  <a href={localizePath(locale, `/customers/${member.id}`)} className={linkClass}>
                    {t("open")}
                  </a>
                  <a
                    href={`${localizePath(locale, "/audit")}?staff=${member.id}`}
                    className={linkClass}
                  >
                    {t("audit", { name })}
                  </a>
                </p>
                <h3 className="text-h5">{t("lastActions")}</h3>
                {member.last_actions.length === 0 ? (
                  <p>{t("noActions")}</p>
                ) : (
                  <ul className="flex flex-col gap-1 text-sm">
                    {member.last_actions.map((entry) => (
                      <li key={entry.id}>
                        {dates.dateTime(entry.occurred_at)}:{" "}
                        {audit.has(`actions.${actionKey(entry.action)}`)
                          ? audit(`actions.${actionKey(entry.action)}`)
                          : entry.action}
                      </li>
                    ))}
                  </ul>
                )}
                {isMe ? (
                  <p className="text-sm text-gray-700">{t("you")}</p>
                ) : recent ? (
                  <RoleForm
                    base={{ locale, signedIn }}
                    identityId={member.id}
                    current={member.role}
                    back="staff"
                    label={t("change")}
                  />
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
    </>
  );
}
