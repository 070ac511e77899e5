import { getFormatter } from "next-intl/server";
import type { Locale } from "../../i18n/locales";

// Dates and times the way each language writes them ("22.11.2026, 14:03"), in the shop's time
// zone (i18n/locales.ts), so every staff member reads the same time for the same event.

export interface Dates {
  dateTime(value: string | null | undefined): string;
  date(value: string | null | undefined): string;
}

export async function datesFor(locale: Locale): Promise<Dates> {
  const format = await getFormatter({ locale });
  const parse = (value: string | null | undefined): Date | undefined => {
    if (!value) return undefined;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  };
  return {
    dateTime: (value) => {
      const date = parse(value);
      return date
        ? format.dateTime(date, {
            day: "2-digit",
            month: "2-digit",
            year: "numeric",
            hour: "2-digit",
            minute: "2-digit",
          })
        : "–";
    },
    date: (value) => {
      const date = parse(value);
      return date
        ? format.dateTime(date, { day: "2-digit", month: "2-digit", year: "numeric" })
        : "–";
    },
  };
}
