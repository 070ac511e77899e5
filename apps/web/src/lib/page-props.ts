import type { SearchParams } from "../flows/screen-query";
import { type Locale, toLocale } from "./locale";

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
