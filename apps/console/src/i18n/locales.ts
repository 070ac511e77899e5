// The console's languages, as the web app's: German is the default and has no prefix (`/`),
// English lives under `/en`.

export const locales = ["de", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "de";

/** Dates and times show in the shop's time zone, wherever the server runs. */
export const timeZone = "Europe/Berlin";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** `/en/staff` -> { locale: "en", path: "/staff" }; `/staff` -> German. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first = "", ...rest] = pathname.split("/");
  if (isLocale(first)) return { locale: first, path: `/${rest.join("/")}` };
  return { locale: defaultLocale, path: pathname || "/" };
}

/** The external path of `path` in `locale`: no prefix for German, `/en` for English. */
export function localizePath(locale: Locale, path: string): string {
  if (locale === defaultLocale) return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}

/** A localized path with query parameters (empty values dropped). */
export function localizedHref(
  locale: Locale,
  path: string,
  query: Readonly<Record<string, string | undefined>> = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const qs = search.toString();
  return qs ? `${localizePath(locale, path)}?${qs}` : localizePath(locale, path);
}

/**
 * A path of this console to go back to after signing in: only a plain path (no scheme, no
 * host, no `//`, no backslash), else the search screen.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 1000) return "/";
  if (!value.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return "/";
  return value;
}
