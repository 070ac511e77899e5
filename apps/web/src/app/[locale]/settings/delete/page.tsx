import type * as React from "react";
import { type PageProps, readPageProps } from "../../../../flow-engine/page-props";
import { pageTitle } from "../../../../lib/page-title";
import { AccountDeleteScreen } from "../../../../screens/account-delete/account-delete-screen";

export const generateMetadata = pageTitle("accountDelete", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <AccountDeleteScreen locale={locale} query={query} />;
}
