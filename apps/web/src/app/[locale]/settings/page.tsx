import type * as React from "react";
import { SettingsScreen } from "../../../flows/settings/settings-screen";
import { type PageProps, readPageProps } from "../../../lib/page-props";
import { pageTitle } from "../../../lib/page-title";

export const generateMetadata = pageTitle("settings", "title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SettingsScreen locale={locale} query={query} />;
}
