import type * as React from "react";
import { type PageProps, readPageProps } from "../../../../flow-engine/page-props";
import { pageTitle } from "../../../../lib/page-title";
import { TwoFactorScreen } from "../../../../screens/settings/two-factor/two-factor-screen";

export const generateMetadata = pageTitle("twoFactor", "settings.title");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <TwoFactorScreen locale={locale} query={query} />;
}
