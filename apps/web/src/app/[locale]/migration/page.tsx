import type * as React from "react";
import { MigrationScreen } from "../../../flows/migration/migration-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("migration", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <MigrationScreen locale={locale} query={query} />;
}
