// The app's languages, without next-intl: lib/locale.ts and through it the browser's modules
// import these (src/client-modules.test.ts), routing.ts hands them to next-intl.

export const locales = ["de", "en"] as const;
export type AppLocale = (typeof locales)[number];
export const defaultLocale: AppLocale = "de";

/**
 * Dates and times show in the shop's time zone on the server and in the browser alike, so both
 * render the same text (no hydration mismatch) whatever zone the server runs in.
 */
export const timeZone = "Europe/Berlin";

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}
