import type * as React from "react";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";
import { signedInStaff } from "../../../lib/staff.server";
import { AuditScreen } from "../../../screens/audit/audit-screen";

export const generateMetadata = pageTitle("audit", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <AuditScreen locale={locale} query={query} signedIn={await signedInStaff(locale)} />;
}
