import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { LogoutScreen } from "../../../screens/oauth2-logout/logout-screen";

export const generateMetadata = pageTitle("oauth2", "logout.title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <LogoutScreen locale={locale} query={query} />;
}
