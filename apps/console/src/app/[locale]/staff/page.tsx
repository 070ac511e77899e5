import type * as React from "react";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";
import { signedInStaff } from "../../../lib/staff.server";
import { StaffScreen } from "../../../screens/staff/staff-screen";

export const generateMetadata = pageTitle("staff", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <StaffScreen locale={locale} query={query} signedIn={await signedInStaff(locale)} />;
}
