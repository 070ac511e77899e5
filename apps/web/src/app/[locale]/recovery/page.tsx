import type * as React from "react";
import { RecoveryScreen } from "../../../flows/recovery/recovery-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("recovery", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <RecoveryScreen locale={locale} query={query} />;
}
