import type * as React from "react";
import { type PageProps, readPageProps } from "../../../../../flow-engine/page-props";
import { pageTitle } from "../../../../../lib/page-title";
import { AccountDeletedScreen } from "../../../../../screens/account-delete/account-deleted-screen";

export const generateMetadata = pageTitle("accountDelete", "doneTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale } = await readPageProps(props);
  return <AccountDeletedScreen locale={locale} />;
}
