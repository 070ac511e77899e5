import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { LoginScreen } from "../../../screens/login/login-screen";

export const generateMetadata = pageTitle("login", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <LoginScreen locale={locale} query={query} />;
}
