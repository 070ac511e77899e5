import type * as React from "react";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";
import { sessionIfAny } from "../../../lib/staff.server";
import { SignInScreen } from "../../../screens/sign-in/sign-in-screen";

export const generateMetadata = pageTitle("signIn", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SignInScreen locale={locale} query={query} session={await sessionIfAny()} />;
}
