import { defineRouting } from "next-intl/routing";
import { defaultLocale, locales } from "./locales";

export { type AppLocale, defaultLocale, isAppLocale, locales, timeZone } from "./locales";

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
