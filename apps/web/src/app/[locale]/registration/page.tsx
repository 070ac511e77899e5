import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { RegistrationScreen } from "../../../screens/registration/registration-screen";

export const generateMetadata = pageTitle("registration", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <RegistrationScreen locale={locale} query={query} />;
}
