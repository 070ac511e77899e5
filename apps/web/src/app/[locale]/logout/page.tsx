import type * as React from "react";
import { LogoutScreen } from "../../../flows/oauth2-logout/logout-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("oauth2", "logout.title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <LogoutScreen locale={locale} query={query} />;
}
