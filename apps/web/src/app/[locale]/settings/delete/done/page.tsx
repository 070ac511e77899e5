import type * as React from "react";
import { AccountDeletedScreen } from "../../../../../flows/account-delete/account-deleted-screen";
import { type PageProps, readPageProps } from "../../../../../lib/page-props";
import { pageTitle } from "../../../../../lib/page-title";

export const generateMetadata = pageTitle("accountDelete", "doneTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale } = await readPageProps(props);
  return <AccountDeletedScreen locale={locale} />;
}
