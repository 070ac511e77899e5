import type * as React from "react";
import { TwoFactorScreen } from "../../../../flows/settings/two-factor/two-factor-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";
import { pageTitle } from "../../../../lib/page-title";

export const generateMetadata = pageTitle("twoFactor", "settings.title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <TwoFactorScreen locale={locale} query={query} />;
}
