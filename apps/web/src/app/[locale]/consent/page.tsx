import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { ConsentScreen } from "../../../screens/consent/consent-screen";

export const generateMetadata = pageTitle("oauth2", "consent.pageTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <ConsentScreen locale={locale} query={query} />;
}
