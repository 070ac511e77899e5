import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { toLocale } from "../i18n/locales";

interface TitleProps {
  readonly params: Promise<{ locale: string }>;
}

/** `generateMetadata` for a page titled `namespace.key`: "Kundensuche · Moos Kundenservice". */
export function pageTitle(
  namespace: string,
  key: string,
): (props: TitleProps) => Promise<Metadata> {
  return async function generateMetadata({ params }: TitleProps): Promise<Metadata> {
    const locale = toLocale((await params).locale);
    const t = await getTranslations({ locale, namespace });
    const common = await getTranslations({ locale, namespace: "common" });
    return { title: { absolute: common("title", { screen: t(key) }) } };
  };
}
