import type * as React from "react";
import { NewsletterConfirmScreen } from "../../../../flows/newsletter/confirm-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <NewsletterConfirmScreen locale={locale} query={query} />;
}
