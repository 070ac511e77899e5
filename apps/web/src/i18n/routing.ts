import { defineRouting } from "next-intl/routing";

export const locales = ["de", "en"] as const;
export type AppLocale = (typeof locales)[number];
export const defaultLocale: AppLocale = "de";

/**
 * Dates and times show in the shop's time zone on the server and in the browser alike, so both
 * render the same text (no hydration mismatch) whatever zone the server runs in.
 */
export const timeZone = "Europe/Berlin";

export const routing = defineRouting({
  locales,
  defaultLocale,
  // German, the shop's language, has no prefix (`/login`); English lives under `/en/login`.
  // The identity service's UI URLs therefore point at the unprefixed German paths.
  localePrefix: "as-needed",
  // A language picked with the switch is remembered across visits, not only for the session.
  // The cookie holds nothing but the language, so it needs no consent.
  localeCookie: { maxAge: 60 * 60 * 24 * 365 },
});

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
