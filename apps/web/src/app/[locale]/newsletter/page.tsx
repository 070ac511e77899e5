import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { NewsletterScreen } from "../../../screens/newsletter/newsletter-screen";

export const generateMetadata = pageTitle("newsletter", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <NewsletterScreen locale={locale} query={query} />;
}
