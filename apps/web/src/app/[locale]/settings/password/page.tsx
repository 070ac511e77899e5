import type * as React from "react";
import { type PageProps, readPageProps } from "../../../../flow-engine/page-props";
import { pageTitle } from "../../../../lib/page-title";
import { SettingsPasswordScreen } from "../../../../screens/settings/password-screen";

export const generateMetadata = pageTitle("settings", "passwordTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SettingsPasswordScreen locale={locale} query={query} />;
}
