import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { RecoveryScreen } from "../../../screens/recovery/recovery-screen";

export const generateMetadata = pageTitle("recovery", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <RecoveryScreen locale={locale} query={query} />;
}
