import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type * as React from "react";
import { toLocale } from "../../../../i18n/locales";
import { readPageProps } from "../../../../lib/page-props";
import { signedInStaff } from "../../../../lib/staff.server";
import { CustomerScreen } from "../../../../screens/customer/customer-screen";

interface Props {
  params: Promise<{ locale: string; id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // Not the customer's name: page titles end up in browser histories and tab lists.
  const locale = toLocale((await params).locale);
  const common = await getTranslations({ locale, namespace: "common" });
  const t = await getTranslations({ locale, namespace: "customer" });
  return { title: { absolute: common("title", { screen: t("title") }) } };
}

export default async function Page(props: Props): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  const { id } = await props.params;
  return (
    <CustomerScreen locale={locale} id={id} query={query} signedIn={await signedInStaff(locale)} />
  );
}
