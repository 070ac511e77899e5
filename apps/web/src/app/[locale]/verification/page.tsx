import type * as React from "react";
import { VerificationScreen } from "../../../flows/verification/verification-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("verification", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <VerificationScreen locale={locale} query={query} />;
}
