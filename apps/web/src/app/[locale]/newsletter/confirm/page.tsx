import type * as React from "react";
import { type PageProps, readPageProps } from "../../../../flow-engine/page-props";
import { pageTitle } from "../../../../lib/page-title";
import { NewsletterConfirmScreen } from "../../../../screens/newsletter/confirm-screen";

export const generateMetadata = pageTitle("newsletter", "confirmTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <NewsletterConfirmScreen locale={locale} query={query} />;
}
