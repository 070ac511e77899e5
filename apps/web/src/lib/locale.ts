// Locales and localized paths. German is the default and has no prefix; English lives under
// /en (next-intl `localePrefix: "as-needed"`). The chosen locale is remembered in a cookie so
// that redirects from the identity service (which only know the unprefixed UI URLs) land in
// the same language.

import { type AppLocale, defaultLocale, isAppLocale, locales } from "../i18n/locales";
import { hostCookieName } from "./host-cookie";

export const LOCALES = locales;
export type Locale = AppLocale;
export const DEFAULT_LOCALE: Locale = defaultLocale;
/** The remembered language (proxy.ts): next-intl's default name, `__Host-` over https. */
export function localeCookieName(secure: boolean): string {
  return hostCookieName("NEXT_LOCALE", secure);
}

export const isLocale = isAppLocale;

export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** `/en/login` -> { locale: "en", path: "/login", prefixed: true }; `/login` -> German. */
export function splitLocale(pathname: string): { locale: Locale; path: string; prefixed: boolean } {
  const [, first = "", ...rest] = pathname.split("/");
  if (isLocale(first)) return { locale: first, path: `/${rest.join("/")}`, prefixed: true };
  return { locale: DEFAULT_LOCALE, path: pathname || "/", prefixed: false };
}

/** The external path of `path` in `locale`: no prefix for German, `/en` for English. */
export function localizePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
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
