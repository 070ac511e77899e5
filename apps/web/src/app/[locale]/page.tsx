import type * as React from "react";
import { type PageProps, readPageProps } from "../../flow-engine/page-props";
import { pageTitle } from "../../lib/page-title";
import { SplashScreen } from "../../screens/splash/splash-screen";

export const generateMetadata = pageTitle("splash", "pageTitle");

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SplashScreen locale={locale} query={query} />;
}
