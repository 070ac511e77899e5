import type * as React from "react";
import { type PageProps, readPageProps } from "../../lib/page-props";
import { SplashScreen } from "../../screens/splash/splash-screen";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <SplashScreen locale={locale} query={query} />;
}
