import type * as React from "react";
import { ConsentScreen } from "../../../flows/consent/consent-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <ConsentScreen locale={locale} query={query} />;
}
