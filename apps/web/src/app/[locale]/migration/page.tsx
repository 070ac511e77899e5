import type * as React from "react";
import { MigrationScreen } from "../../../flows/migration/migration-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <MigrationScreen locale={locale} query={query} />;
}
