import type * as React from "react";
import { NewsletterScreen } from "../../../flows/newsletter/newsletter-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <NewsletterScreen locale={locale} query={query} />;
}
