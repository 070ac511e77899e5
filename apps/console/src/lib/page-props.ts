import { setRequestLocale } from "next-intl/server";
import { type Locale, toLocale } from "../i18n/locales";

export interface PageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** The page's language and its query, one value per parameter (the first when repeated). */
export async function readPageProps(
  props: PageProps,
): Promise<{ locale: Locale; query: Record<string, string | undefined> }> {
  const locale = toLocale((await props.params).locale);
  setRequestLocale(locale);
  const raw = await props.searchParams;
  const query: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(raw))
    query[key] = Array.isArray(value) ? value[0] : value;
  return { locale, query };
}
