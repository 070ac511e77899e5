import type * as React from "react";
import { AccountDeleteScreen } from "../../../../flows/account-delete/account-delete-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";
import { pageTitle } from "../../../../lib/page-title";

export const generateMetadata = pageTitle("accountDelete", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <AccountDeleteScreen locale={locale} query={query} />;
}
