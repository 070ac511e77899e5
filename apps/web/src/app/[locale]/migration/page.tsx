import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { MigrationScreen } from "../../../screens/migration/migration-screen";

export const generateMetadata = pageTitle("migration", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <MigrationScreen locale={locale} query={query} />;
}
