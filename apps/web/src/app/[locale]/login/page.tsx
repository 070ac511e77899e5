import type * as React from "react";
import { LoginScreen } from "../../../flows/login/login-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <LoginScreen locale={locale} query={query} />;
}
