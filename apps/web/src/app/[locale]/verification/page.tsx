import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { VerificationScreen } from "../../../screens/verification/verification-screen";

export const generateMetadata = pageTitle("verification", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <VerificationScreen locale={locale} query={query} />;
}
