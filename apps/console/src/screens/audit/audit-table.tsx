import type { ConsoleAuditEntry } from "@moos/contract";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { type Locale, localizePath } from "../../i18n/locales";
import { actionKey } from "../../i18n/messages";
import { datesFor } from "../ui/format";
import { DataTable } from "../ui/screen";

// Audit entries as a table: when, who (with their role then; the command line has no one), what,
// on which account, why, from where, the request id and what the action changed or found.

function detailsText(details: Record<string, unknown>): string {
  const parts = Object.entries(details).map(([key, value]) => {
    const shown =
      typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
    return `${key}: ${shown}`;
  });
  return parts.length ? parts.join(", ") : "–";
}

const linkClass = "text-petrol-700 underline underline-offset-4 hover:text-petrol-900";

export async function AuditTable({
  locale,
  entries,
  caption,
  showTarget,
}: {
  locale: Locale;
  entries: readonly ConsoleAuditEntry[];
  caption: string;
  showTarget: boolean;
}): Promise<React.JSX.Element> {
  const t = await getTranslations({ locale, namespace: "audit" });
  const common = await getTranslations({ locale, namespace: "common" });
  const dates = await datesFor(locale);
  const columns = [
    t("columns.time"),
    t("columns.staff"),
    t("columns.action"),
    ...(showTarget ? [t("columns.target")] : []),
    t("columns.reason"),
    t("columns.ip"),
    t("columns.requestId"),
    t("columns.details"),
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={entries.map((entry) => {
        const who = entry.staff_id ? (
          <a
            key="who"
            href={`${localizePath(locale, "/audit")}?staff=${entry.staff_id}`}
            className={linkClass}
          >
            {entry.staff_email ?? entry.staff_id}
            {entry.staff_role ? ` (${common(`roles.${entry.staff_role}`)})` : ""}
          </a>
        ) : (
          t("commandLine")
        );
        const target = entry.target_id ? (
          <a
            key="target"
            href={localizePath(locale, `/customers/${entry.target_id}`)}
            className={`${linkClass} font-mono text-xs`}
          >
            {entry.target_id}
          </a>
        ) : (
          "–"
        );
        return {
          key: entry.id,
          cells: [
            dates.dateTime(entry.occurred_at),
            who,
            t.has(`actions.${actionKey(entry.action)}`)
              ? t(`actions.${actionKey(entry.action)}`)
              : entry.action,
            ...(showTarget ? [target] : []),
            entry.reason ?? "–",
            entry.ip_address ?? "–",
            <span key="request" className="font-mono text-xs break-all">
              {entry.request_id ?? "–"}
            </span>,
            <span key="details" className="font-mono text-xs break-all">
              {detailsText(entry.details)}
            </span>,
          ],
        };
      })}
    />
  );
}
