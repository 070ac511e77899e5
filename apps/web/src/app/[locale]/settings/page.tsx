import type * as React from "react";
import { type PageProps, readPageProps } from "../../../flow-engine/page-props";
import { pageTitle } from "../../../lib/page-title";
import { SettingsScreen } from "../../../screens/settings/settings-screen";

export const generateMetadata = pageTitle("settings", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SettingsScreen locale={locale} query={query} />;
}
