import type * as React from "react";
import { TwoFactorScreen } from "../../../../flows/settings/two-factor/two-factor-screen";
import { type PageProps, readPageProps } from "../../../../lib/page-props";

export default async function Page(props: PageProps): Promise<React.JSX.Element> {
  const { locale, query } = await readPageProps(props);
  return <TwoFactorScreen locale={locale} query={query} />;
}
