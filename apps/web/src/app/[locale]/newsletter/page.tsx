import type * as React from "react";
import { NewsletterScreen } from "../../../flows/newsletter/newsletter-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("newsletter", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <NewsletterScreen locale={locale} query={query} />;
}
