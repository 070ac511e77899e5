import { defineRouting } from "next-intl/routing";
import { defaultLocale, locales } from "./locales";

export const routing = defineRouting({
  locales,
  defaultLocale,
  // German has no prefix (`/`), English lives under `/en`, as in the account web app.
  localePrefix: "as-needed",
  // The language follows the URL alone: staff switch with the links in the header.
  localeDetection: false,
  localeCookie: false,
  alternateLinks: false,
});
