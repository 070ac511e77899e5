import type * as React from "react";
import { SettingsPasswordScreen } from "../../../../flows/settings/password-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SettingsPasswordScreen locale={locale} query={query} />;
}
