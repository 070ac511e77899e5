import type * as React from "react";
import { NewsletterConfirmScreen } from "../../../../flows/newsletter/confirm-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";
import { pageTitle } from "../../../../lib/page-title";

export const generateMetadata = pageTitle("newsletter", "confirmTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <NewsletterConfirmScreen locale={locale} query={query} />;
}
