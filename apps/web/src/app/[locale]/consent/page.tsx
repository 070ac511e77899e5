import type * as React from "react";
import { ConsentScreen } from "../../../flows/consent/consent-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("oauth2", "consent.pageTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <ConsentScreen locale={locale} query={query} />;
}
