import type * as React from "react";
import { SettingsPasswordScreen } from "../../../../flows/settings/password-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";
import { pageTitle } from "../../../../lib/page-title";

export const generateMetadata = pageTitle("settings", "passwordTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SettingsPasswordScreen locale={locale} query={query} />;
}
