import type * as React from "react";
import { SettingsScreen } from "../../../flows/settings/settings-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { LoadingBoundary } from "../../../screens/loading/loading-screen";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return (
    <LoadingBoundary locale={locale}>
      <SettingsScreen locale={locale} query={query} />
    </LoadingBoundary>
  );
}
