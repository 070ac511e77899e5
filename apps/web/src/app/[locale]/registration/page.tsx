import type * as React from "react";
import { RegistrationScreen } from "../../../flows/registration/registration-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("registration", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <RegistrationScreen locale={locale} query={query} />;
}
