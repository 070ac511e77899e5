import type * as React from "react";
import { LoginScreen } from "../../../flows/login/login-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("login", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <LoginScreen locale={locale} query={query} />;
}
