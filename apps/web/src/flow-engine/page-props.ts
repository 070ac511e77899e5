import { type Locale, toLocale } from "../lib/locale";
import type { SearchParams } from "./screen-query";

export interface PageProps {
  readonly params: Promise<{ locale: string }>;
  readonly searchParams: Promise<SearchParams>;
}

export async function readPageProps(
  props: PageProps,
): Promise<{ locale: Locale; query: SearchParams }> {
  const [{ locale }, query] = await Promise.all([props.params, props.searchParams]);
  return { locale: toLocale(locale), query };
}
